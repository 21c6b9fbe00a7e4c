/// The identified album's metadata, as the scan JSON and the store carry it.
public struct Album: Codable, Sendable, Equatable {
    public var artist: String
    public var title: String
    public var year: String?
    public var genres: [String]
    public var label: String?
    public var musicbrainzReleaseId: String?

    public init(
        artist: String, title: String, year: String? = nil, genres: [String] = [], label: String? = nil,
        musicbrainzReleaseId: String? = nil
    ) {
        self.artist = artist
        self.title = title
        self.year = year
        self.genres = genres
        self.label = label
        self.musicbrainzReleaseId = musicbrainzReleaseId
    }
}
