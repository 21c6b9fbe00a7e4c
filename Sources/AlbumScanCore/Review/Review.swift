/// A music-only review of one album.
package struct Review: Codable, Sendable, Equatable {
    package var summary: String
    package var bullets: [String]
    package var rating: Double
    package var recommendation: String
    package var keyTracks: [String]
    /// Cited pages, filled only by the Ultra review with advanced search.
    package var sources: [Source]

    package init(
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
    package struct Source: Codable, Sendable, Equatable, Hashable {
        package var title: String
        package var url: String

        package init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }
}
