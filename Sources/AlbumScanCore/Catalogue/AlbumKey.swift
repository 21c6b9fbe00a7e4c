/// Which album a scan is about, for every cache and comparison that asks: its artist and title folded
/// (`NameFolding`), a leading "the" and edition noise left out, and the edition the sleeve shows when it said one.
/// The one place an album key is made.
package struct AlbumKey: Sendable, Hashable, CustomStringConvertible {
    /// The folded artist, without a leading "the".
    package let artist: String
    /// The folded title, without edition noise.
    package let title: String
    /// The sleeve's edition details; empty for the album as a work (its review, an eval label).
    package let edition: Edition

    /// The key of an album named by its artist and title, and optionally the edition in the photo.
    package init(artist: String, title: String, edition: Edition = Edition()) {
        var artistKey = NameFolding.fold(artist)
        if artistKey.hasPrefix("the ") { artistKey.removeFirst(4) }
        self.artist = artistKey
        self.title = NameFolding.fold(NameFolding.stripEditionNoise(title))
        self.edition = edition
    }

    /// The key of a scan's album, with the edition its sleeve showed.
    package init(_ album: Album) {
        self.init(artist: album.artist, title: album.title, edition: album.edition)
    }

    /// The album as a work, whatever the edition: what its review and an eval label are keyed by.
    package var work: AlbumKey { AlbumKey(folded: artist, title: title) }

    private init(folded artist: String, title: String) {
        self.artist = artist
        self.title = title
        edition = Edition()
    }

    /// The stored form: `beatles|abbey road`, then the edition's words when the sleeve gave any (the form the caches
    /// have always used, so keys saved before this type read back the same).
    package var description: String { artist + "|" + title + edition.cacheSuffix }
}
