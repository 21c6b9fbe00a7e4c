/// The Discogs releases a MusicBrainz release corresponds to, and how albumscan learned them.
package struct DiscogsLink: Sendable, Equatable, Codable {
    /// `link`: MusicBrainz's own url relation; `search`: a Discogs database search by barcode or catalogue number;
    /// `manual`: set by hand (`edit --discogs-release`), which the inventory export trusts over an artwork mismatch.
    package enum Source: String, Sendable, Codable, Equatable {
        case link, search, manual
    }

    /// Discogs release ids, the first the one to use (`album.discogsReleaseId`).
    package var releaseIds: [Int]
    /// Nil when there are none.
    package var source: Source?

    package init(releaseIds: [Int], source: Source?) {
        self.releaseIds = releaseIds
        self.source = releaseIds.isEmpty ? nil : source
    }

    /// No Discogs release known.
    package static let none = DiscogsLink(releaseIds: [], source: nil)
}
