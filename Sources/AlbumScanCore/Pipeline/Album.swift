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
    /// The catalogue number, format and country of the edition in the photo, as read from the sleeve, spine or label
    /// (or as MusicBrainz lists them for a release a barcode named); nil when nothing said.
    package var edition = Edition()
    /// The Discogs releases of the chosen MusicBrainz release, and how they were found.
    package var discogs = DiscogsLink.none
    /// Whether each catalogue fact is the sleeve's or the chosen release's (`album.sources` in JSON).
    package var sources = AlbumSources()

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

    package var catalogNumber: String? { edition.catalogNumber }
    package var format: String? { edition.format }
    package var country: String? { edition.country }

    enum CodingKeys: String, CodingKey {
        case artist, title, year, genres, label, musicbrainzReleaseId, barcode, catalogNumber, format, country
        case discogsReleaseId, discogsReleaseIds, discogsIdSource, sources
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            artist: try container.decode(String.self, forKey: .artist), title: try container.decode(String.self, forKey: .title),
            year: try container.decodeIfPresent(String.self, forKey: .year),
            genres: try container.decodeIfPresent([String].self, forKey: .genres) ?? [],
            label: try container.decodeIfPresent(String.self, forKey: .label),
            musicbrainzReleaseId: try container.decodeIfPresent(String.self, forKey: .musicbrainzReleaseId),
            barcode: try container.decodeIfPresent(String.self, forKey: .barcode))
        edition = Edition(
            catalogNumber: try container.decodeIfPresent(String.self, forKey: .catalogNumber),
            format: try container.decodeIfPresent(String.self, forKey: .format),
            country: try container.decodeIfPresent(String.self, forKey: .country))
        discogs = DiscogsLink(
            releaseIds: try container.decodeIfPresent([Int].self, forKey: .discogsReleaseIds) ?? [],
            source: try container.decodeIfPresent(DiscogsLink.Source.self, forKey: .discogsIdSource))
        sources = try container.decodeIfPresent(AlbumSources.self, forKey: .sources) ?? AlbumSources()
    }

    /// Optional fields are written as null rather than left out, so every line has the same keys; `barcode`
    /// only appears when known. `discogsReleaseId` is the first of `discogsReleaseIds`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(artist, forKey: .artist)
        try container.encode(title, forKey: .title)
        try container.encode(year, forKey: .year)
        try container.encode(genres, forKey: .genres)
        try container.encode(label, forKey: .label)
        try container.encode(musicbrainzReleaseId, forKey: .musicbrainzReleaseId)
        try container.encodeIfPresent(barcode, forKey: .barcode)
        try container.encode(edition.catalogNumber, forKey: .catalogNumber)
        try container.encode(edition.format, forKey: .format)
        try container.encode(edition.country, forKey: .country)
        try container.encode(discogs.releaseIds.first, forKey: .discogsReleaseId)
        try container.encode(discogs.releaseIds, forKey: .discogsReleaseIds)
        try container.encode(discogs.source, forKey: .discogsIdSource)
        try container.encode(sources, forKey: .sources)
    }
}
