/// A cached MusicBrainz release lookup; a nil `mbid` records a known miss.
public struct CachedRelease: Sendable, Equatable {
    /// The release MBID, nil when MusicBrainz had no match.
    public var mbid: String?
    public var releaseGroupId: String?
    public var title: String?
    public var artist: String?
    public var date: String?

    /// Creates a cached lookup result.
    public init(
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
    public static let miss = CachedRelease(mbid: nil)

    /// Whether this records a lookup that found nothing.
    public var isMiss: Bool { mbid == nil }
}
