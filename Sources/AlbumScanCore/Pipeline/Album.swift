/// The identified album's metadata, as the scan JSON and the store carry it.
package struct Album: Codable, Sendable, Equatable {
    package var artist: String
    package var title: String
    package var year: String?
    package var genres: [String]
    package var label: String?
    package var musicbrainzReleaseId: String?
    /// The EAN or UPC printed on the sleeve, when one was read (or MusicBrainz listed it).
    package var barcode: String?

    package init(
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
    package func encode(to encoder: any Encoder) throws {
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
