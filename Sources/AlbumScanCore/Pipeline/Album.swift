/// The identified album's metadata, as the scan JSON and the store carry it.
public struct Album: Codable, Sendable, Equatable {
    public var artist: String
    public var title: String
    public var year: String?
    public var genres: [String]
    public var label: String?
    public var musicbrainzReleaseId: String?
    /// The EAN or UPC printed on the sleeve, when one was read (or MusicBrainz listed it).
    public var barcode: String?

    public init(
        artist: String, title: String, year: String? = nil, genres: [String] = [], label: String? = nil,
        musicbrainzReleaseId: String? = nil, barcode: String? = nil
    ) {
        self.artist = artist
        self.title = title
        self.year = year
        self.genres = genres
        self.label = label
        self.musicbrainzReleaseId = musicbrainzReleaseId
        self.barcode = barcode
    }

    /// Optional fields are written as null rather than left out, so every line has the same keys; `barcode`
    /// only appears when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(artist, forKey: .artist)
        try container.encode(title, forKey: .title)
        try container.encode(year, forKey: .year)
        try container.encode(genres, forKey: .genres)
        try container.encode(label, forKey: .label)
        try container.encode(musicbrainzReleaseId, forKey: .musicbrainzReleaseId)
        try container.encodeIfPresent(barcode, forKey: .barcode)
    }
}
