import Foundation

/// Builds MusicBrainz search queries and their URL encoding.
package enum LuceneQuery {
    static let specials: Set<Character> = [
        "+", "-", "&", "|", "!", "(", ")", "{", "}", "[", "]", "^", "\"", "~", "*", "?", ":", "\\", "/",
    ]

    /// Backslash-escapes every Lucene special character, lower-casing so AND/OR/NOT lose their meaning.
    package static func escape(_ value: String) -> String {
        var result = ""
        for character in value.lowercased() {
            if specials.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The exact query: both fields as phrases.
    package static func strict(artist: String, title: String) -> String {
        "release:\"\(phrase(title))\" AND artist:\"\(phrase(artist))\""
    }

    /// The looser retry: each field's words as terms, any order.
    package static func loose(artist: String, title: String) -> String {
        "release:(\(terms(title))) AND artist:(\(terms(artist)))"
    }

    /// An artist index query for a name as an alias, a name or a sort name (any word order: "Mika Nakashima" finds
    /// the sort name "Nakashima, Mika").
    package static func artistNamed(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace).map { escape(String($0)) }.joined(separator: " AND ")
        return "alias:\"\(phrase(name))\" OR artist:\"\(phrase(name))\" OR sortname:(\(words))"
    }

    /// Releases with this title by the artist with this MBID (as MusicBrainz writes it: hex digits and hyphens, which
    /// inside a term need no escaping; anything else in it is dropped).
    package static func byArtist(id: String, title: String) -> String {
        let mbid = String(id.lowercased().filter { $0.isHexDigit || $0 == "-" })
        return "release:\"\(phrase(title))\" AND arid:\(mbid)"
    }

    /// `base` narrowed to one edition: its catalogue number as a phrase (`catno:"shvl 804"`), or the sleeve's
    /// barcode in all its forms, either one; nil when neither is known.
    package static func narrowed(_ base: String, catalogNumber: String?, barcode: RetailBarcode?) -> String? {
        var clauses: [String] = []
        if let catalogNumber, !catalogNumber.isEmpty { clauses.append("catno:\"\(phrase(catalogNumber))\"") }
        // A barcode alone was already searched for (and not found) before the model was asked: only with a
        // catalogue number does it widen the narrowed search.
        if let barcode, !clauses.isEmpty { clauses.append(barcode.musicBrainzQuery) }
        guard !clauses.isEmpty else { return nil }
        return "\(base) AND " + (clauses.count == 1 ? clauses[0] : "(\(clauses.joined(separator: " OR ")))")
    }

    /// Inside a phrase only `"` and `\` need escaping.
    static func phrase(_ value: String) -> String {
        value.lowercased().replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func terms(_ value: String) -> String {
        value.split(whereSeparator: \.isWhitespace).map { escape(String($0)) }.joined(separator: " ")
    }

    /// Percent-encodes a query value: everything but RFC 3986 unreserved characters, as UTF-8.
    package static func percentEncode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(UnicodeScalar(byte)))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
