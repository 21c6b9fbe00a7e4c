/// What MusicBrainz lists for one release, beyond its names: the facts a scan's album takes when the sleeve did not
/// say them.
package struct ReleaseFacts: Codable, Sendable, Equatable {
    /// The first real label credited (MusicBrainz's `[no label]` and the like are not labels).
    package var label: String?
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    package var date: String?
    /// The first catalogue number, the formats joined, the country.
    package var edition: Edition
    /// The barcode MusicBrainz lists, digits as written.
    package var barcode: String?

    package init(label: String? = nil, date: String? = nil, edition: Edition = Edition(), barcode: String? = nil) {
        self.label = NameFolding.isPlaceholder(label) ? nil : Edition.cleaned(label)
        self.date = Edition.cleaned(date)
        self.edition = edition
        self.barcode = Edition.cleaned(barcode)
    }

    /// The release year, when the date has one.
    package var year: String? {
        guard let date, date.count >= 4, date.prefix(4).allSatisfy(\.isNumber) else { return nil }
        return String(date.prefix(4))
    }

    enum CodingKeys: String, CodingKey { case label, date, catalogNumber, format, country, barcode }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: try container.decodeIfPresent(String.self, forKey: .label),
            date: try container.decodeIfPresent(String.self, forKey: .date),
            edition: Edition(
                catalogNumber: try container.decodeIfPresent(String.self, forKey: .catalogNumber),
                format: try container.decodeIfPresent(String.self, forKey: .format),
                country: try container.decodeIfPresent(String.self, forKey: .country)),
            barcode: try container.decodeIfPresent(String.self, forKey: .barcode))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeIfPresent(edition.catalogNumber, forKey: .catalogNumber)
        try container.encodeIfPresent(edition.format, forKey: .format)
        try container.encodeIfPresent(edition.country, forKey: .country)
        try container.encodeIfPresent(barcode, forKey: .barcode)
    }
}
