/// The album a sleeve's back names when it is not the scan's: in JSON `error.album` {`artist`, `title`,
/// `musicbrainzReleaseId`} beside code `different-album` (409 on `serve`, exit 65 on the CLI).
package struct DifferentAlbum: Sendable, Equatable, Encodable {
    package var artist: String
    package var title: String
    package var musicbrainzReleaseId: String

    package init(artist: String, title: String, musicbrainzReleaseId: String) {
        self.artist = artist
        self.title = title
        self.musicbrainzReleaseId = musicbrainzReleaseId
    }

    /// One line naming the album the back belongs to.
    package var message: String {
        "the back is of \(SafeText.clean(title)) by \(SafeText.clean(artist)) (release \(musicbrainzReleaseId)), "
            + "another album than this scan's; nothing was changed (photograph this record's own back)"
    }
}
