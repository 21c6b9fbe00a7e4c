/// A cached MusicBrainz release lookup; a nil `mbid` records a known miss.
package struct CachedRelease: Sendable, Equatable {
    /// The release MBID, nil when MusicBrainz had no match.
    package var mbid: String?
    package var releaseGroupId: String?
    package var title: String?
    package var artist: String?
    package var date: String?
    /// The release's own facts (label, catalogue number, …), for the album fields the sleeve left empty; nil for a
    /// miss and for lookups cached before they were kept.
    package var facts: ReleaseFacts? = nil

    /// Creates a cached lookup result.
    package init(
        mbid: String?, releaseGroupId: String? = nil, title: String? = nil, artist: String? = nil,
        date: String? = nil
    ) {
        self.mbid = mbid
        self.releaseGroupId = releaseGroupId
        self.title = title
        self.artist = artist
        self.date = date
    }

    /// A cached "no match" marker.
    package static let miss = CachedRelease(mbid: nil)

    /// Whether this records a lookup that found nothing.
    package var isMiss: Bool { mbid == nil }
}
