/// The Discogs releases a MusicBrainz release corresponds to, and how albumscan learned them.
package struct DiscogsLink: Sendable, Equatable, Codable {
    /// `link`: MusicBrainz's own url relation; `search`: a Discogs database search by barcode or catalogue number;
    /// `manual`: set by hand (`edit --discogs-release`), which the inventory export trusts over an artwork mismatch;
    /// `pending`: not asked for yet (on the public server the scan leaves that request to the export, see
    /// `DiscogsLinkTiming`), so none are known but that does not mean there are none.
    package enum Source: String, Sendable, Codable, Equatable {
        case link, search, manual, pending
    }

    /// Discogs release ids, the first the one to use (`album.discogsReleaseId`).
    package var releaseIds: [Int]
    /// Nil when there are none; `pending` (with no ids) while they are not known yet.
    package var source: Source?

    package init(releaseIds: [Int], source: Source?) {
        self.releaseIds = releaseIds
        self.source = releaseIds.isEmpty ? (source == .pending ? .pending : nil) : source
    }

    /// No Discogs release known.
    package static let none = DiscogsLink(releaseIds: [], source: nil)

    /// Not asked for yet: MusicBrainz has not been asked for the release's links.
    package static let pending = DiscogsLink(releaseIds: [], source: .pending)

    /// Whether the links are still to be asked for.
    package var isPending: Bool { source == .pending }
}
