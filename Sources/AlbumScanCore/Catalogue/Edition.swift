/// What tells one edition of an album from another: the catalogue number, the format and the release country.
package struct Edition: Sendable, Equatable, Hashable {
    /// As printed, such as `FIX-01` or `SHVL 804`.
    package var catalogNumber: String?
    /// `LP`, `12"`, `7"`, `CD`, `cassette`, … as the sleeve says it.
    package var format: String?
    /// The country of release: an ISO 3166-1 code such as `GB`, or a name as printed.
    package var country: String?

    package init(catalogNumber: String? = nil, format: String? = nil, country: String? = nil) {
        self.catalogNumber = Self.cleaned(catalogNumber)
        self.format = Self.cleaned(format)
        self.country = Self.cleaned(country)
    }

    /// Whether the sleeve said anything about the edition.
    package var isEmpty: Bool { catalogNumber == nil && format == nil && country == nil }

    /// Blank and "null"-like text is no value.
    static func cleaned(_ value: String?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty,
            !["null", "none", "unknown", "n/a"].contains(trimmed.lowercased())
        else { return nil }
        return trimmed
    }
}
