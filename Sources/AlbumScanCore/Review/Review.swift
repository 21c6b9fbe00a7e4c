/// A music-only review of one album.
public struct Review: Codable, Sendable, Equatable {
    public var summary: String
    public var bullets: [String]
    public var rating: Double
    public var recommendation: String
    public var keyTracks: [String]
    /// Cited pages, filled only by the Ultra review with advanced search.
    public var sources: [Source]

    public init(
        summary: String, bullets: [String], rating: Double, recommendation: String, keyTracks: [String],
        sources: [Source] = []
    ) {
        self.summary = summary
        self.bullets = bullets
        self.rating = rating
        self.recommendation = recommendation
        self.keyTracks = keyTracks
        self.sources = sources
    }

    /// One cited web page.
    public struct Source: Codable, Sendable, Equatable, Hashable {
        public var title: String
        public var url: String

        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }
}
