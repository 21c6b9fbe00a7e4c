/// How well a release's catalogue number, format and country agree with what the sleeve says: the pure comparisons
/// behind the ranking of editions.
package enum EditionMatch {
    /// A catalogue number compared without case, spaces or punctuation: `SHVL 804`, `shvl-804` and `SHVL804` agree.
    package static func foldCatalogNumber(_ value: String) -> String {
        String(value.uppercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }

    /// A format reduced to its family: `vinyl12` (LP, 12", 12" Vinyl), `vinyl7`, `vinyl10`, `vinyl` (size not said),
    /// `cd`, `cassette`, `digital`, or the lower-cased text for anything else.
    package static func formatFamily(_ value: String) -> String {
        let text = value.lowercased().replacingOccurrences(of: "″", with: "\"").replacingOccurrences(of: "”", with: "\"")
        let squeezed = text.filter { !$0.isWhitespace }
        for (size, family) in [("12", "vinyl12"), ("10", "vinyl10"), ("7", "vinyl7")]
        where squeezed.hasPrefix(size + "\"") || squeezed.hasPrefix(size + "inch") || squeezed.hasPrefix(size + "in") {
            return family
        }
        if squeezed == "lp" || squeezed.hasPrefix("lp") || squeezed.contains("2xlp") { return "vinyl12" }
        if text.contains("vinyl") || text == "record" { return "vinyl" }
        if text.contains("cassette") || squeezed == "mc" || text.contains("tape") { return "cassette" }
        if text.contains("digital") || text.contains("download") { return "digital" }
        if squeezed.contains("cd") { return "cd" }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Names and codes for the same country made one: `UK`, `United Kingdom` and `GB` are `GB`; `Europe` is `XE`.
    package static func countryCode(_ value: String) -> String {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if let code = countryNames[text] { return code }
        return text.uppercased()
    }

    static let countryNames: [String: String] = [
        "uk": "GB", "u.k.": "GB", "united kingdom": "GB", "great britain": "GB", "england": "GB", "britain": "GB",
        "us": "US", "usa": "US", "u.s.": "US", "u.s.a.": "US", "united states": "US", "america": "US",
        "europe": "XE", "eu": "XE", "worldwide": "XW", "germany": "DE", "west germany": "DE", "france": "FR",
        "japan": "JP", "netherlands": "NL", "holland": "NL", "italy": "IT", "spain": "ES", "sweden": "SE",
        "canada": "CA", "australia": "AU", "brazil": "BR", "mexico": "MX", "belgium": "BE", "norway": "NO",
        "denmark": "DK", "finland": "FI", "iceland": "IS", "ireland": "IE", "new zealand": "NZ", "austria": "AT",
        "switzerland": "CH", "portugal": "PT", "greece": "GR", "poland": "PL", "russia": "RU", "south korea": "KR",
        "korea": "KR", "argentina": "AR",
    ]

    /// Whether two formats can be the same medium: the same family, or vinyl of a size not said.
    package static func formatsAgree(_ sleeve: String, _ release: String) -> Bool {
        let a = formatFamily(sleeve), b = formatFamily(release)
        if a == b { return true }
        return (a == "vinyl" && b.hasPrefix("vinyl")) || (b == "vinyl" && a.hasPrefix("vinyl"))
    }

    /// 1 when the sleeve and the release say the same, -1 when they differ, 0 when either says nothing.
    static func agreement(_ sleeve: String?, _ release: String?, _ same: (String, String) -> Bool) -> Int {
        guard let sleeve, let release, !release.isEmpty else { return 0 }
        return same(sleeve, release) ? 1 : -1
    }

    /// How a release fits the sleeve's edition details.
    package struct Fit: Sendable, Equatable {
        /// The sleeve's catalogue number is one the release lists.
        package var catalogNumber: Bool
        /// Format and country agreements, each +1, 0 or -1.
        package var formatAndCountry: Int
    }

    /// The fit of `release` to what the sleeve said.
    package static func fit(_ sleeve: Edition, _ release: ReleaseCandidate) -> Fit {
        let catalogue = sleeve.catalogNumber.map(foldCatalogNumber)
        let listed = release.catalogNumbers.map(foldCatalogNumber)
        let formats = release.formats
        let format: Int
        if let wanted = sleeve.format, !formats.isEmpty {
            format = formats.contains { formatsAgree(wanted, $0) } ? 1 : -1
        } else {
            format = 0
        }
        let country = agreement(sleeve.country, release.country) { countryCode($0) == countryCode($1) }
        return Fit(
            catalogNumber: catalogue.map { !$0.isEmpty && listed.contains($0) } ?? false, formatAndCountry: format + country)
    }
}
