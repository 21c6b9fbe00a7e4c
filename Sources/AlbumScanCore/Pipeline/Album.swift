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
    /// The release's catalogue number, like `PCS 7027`, when known.
    package var catalogNumber: String?
    /// The release's format, like `LP`, `12"`, `7"`, `CD` or `cassette`, when known.
    package var format: String?
    /// The release's country, when known.
    package var country: String?
    /// The Discogs release ids of the release, the best first; empty when none is known.
    package var discogsReleaseIds: [Int]
    /// How the Discogs ids were found: `link` (MusicBrainz's url-rels) or `search` (a Discogs search).
    package var discogsIdSource: String?

    package init(
        artist: String, title: String, year: String? = nil, genres: [String] = [], label: String? = nil,
        musicbrainzReleaseId: String? = nil, barcode: String? = nil, catalogNumber: String? = nil,
        format: String? = nil, country: String? = nil, discogsReleaseIds: [Int] = [], discogsIdSource: String? = nil
    ) {
        self.artist = artist
        self.title = title
        self.year = year
        self.genres = genres
        self.label = label
        self.musicbrainzReleaseId = musicbrainzReleaseId
        self.barcode = barcode
        self.catalogNumber = catalogNumber
        self.format = format
        self.country = country
        self.discogsReleaseIds = discogsReleaseIds
        self.discogsIdSource = discogsIdSource
    }

    /// The Discogs release id exports use: the first of `discogsReleaseIds`.
    package var discogsReleaseId: Int? { discogsReleaseIds.first }

    enum CodingKeys: String, CodingKey {
        case artist, title, year, genres, label, musicbrainzReleaseId, barcode, catalogNumber, format, country
        case discogsReleaseId, discogsReleaseIds, discogsIdSource
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            artist: try container.decode(String.self, forKey: .artist),
            title: try container.decode(String.self, forKey: .title),
            year: try container.decodeIfPresent(String.self, forKey: .year),
            genres: try container.decodeIfPresent([String].self, forKey: .genres) ?? [],
            label: try container.decodeIfPresent(String.self, forKey: .label),
            musicbrainzReleaseId: try container.decodeIfPresent(String.self, forKey: .musicbrainzReleaseId),
            barcode: try container.decodeIfPresent(String.self, forKey: .barcode),
            catalogNumber: try container.decodeIfPresent(String.self, forKey: .catalogNumber),
            format: try container.decodeIfPresent(String.self, forKey: .format),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            discogsReleaseIds: try container.decodeIfPresent([Int].self, forKey: .discogsReleaseIds) ?? [],
            discogsIdSource: try container.decodeIfPresent(String.self, forKey: .discogsIdSource))
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
        try container.encode(catalogNumber, forKey: .catalogNumber)
        try container.encode(format, forKey: .format)
        try container.encode(country, forKey: .country)
        try container.encode(discogsReleaseId, forKey: .discogsReleaseId)
        try container.encode(discogsReleaseIds, forKey: .discogsReleaseIds)
        try container.encode(discogsIdSource, forKey: .discogsIdSource)
    }
}
