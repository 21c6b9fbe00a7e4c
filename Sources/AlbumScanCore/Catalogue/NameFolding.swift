import Foundation

/// How artist names and titles are compared: case, diacritics, width and most punctuation do not count, the letters of
/// every script do, and a name made only of symbols (`÷`, `+`, `!!!`) is compared by its symbols.
package enum NameFolding {
    /// Words that mark a bracketed or dash-suffixed part of a title as edition noise.
    static let editionWords = [
        "deluxe", "remaster", "remastered", "reissue", "reissued", "edition", "anniversary", "expanded", "bonus",
    ]

    /// A bracketed group, with the space before it: "(Deluxe Edition)", "[Live]".
    static let bracketed = FixedPattern.compiled(#"\s*[\(\[][^\(\)\[\]]*[\)\]]"#)

    /// Removes "(Deluxe Edition)", "[35th Anniversary Edition]", " - 2009 Remaster" and the like.
    package static func stripEditionNoise(_ title: String) -> String {
        var result = title
        // Bracketed groups that mention an edition word.
        for match in bracketed.matches(in: result, range: NSRange(result.startIndex..., in: result)).reversed() {
            guard let range = Range(match.range, in: result), isNoise(String(result[range])) else { continue }
            result.removeSubrange(range)
        }
        // A dash suffix that mentions an edition word: " - 2009 Remaster", " – Deluxe".
        for dash in [" - ", " – ", " — "] {
            if let range = result.range(of: dash, options: .backwards), isNoise(String(result[range.upperBound...])) {
                result = String(result[..<range.lowerBound])
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    static func isNoise(_ part: String) -> Bool {
        let words = fold(part).split(separator: " ").map(String.init)
        return words.contains { editionWords.contains($0) }
    }

    /// Folds case, diacritics and width, turns "&" into "and", drops apostrophes, turns other punctuation into
    /// spaces and squeezes them. Text with no letter or digit at all keeps its symbols instead (`÷` stays `÷`, `= `
    /// is `=`), so two such titles are never the same for being empty.
    package static func fold(_ text: String) -> String {
        let folded = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX")
        )
        let words = folded.replacingOccurrences(of: "&", with: " and ")
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        let kept = words.unicodeScalars.map { scalar -> Character in
            isWordCharacter(scalar) ? Character(scalar) : " "
        }
        let result = String(kept).split(separator: " ").joined(separator: " ")
        guard result.isEmpty else { return result }
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether the text has letters and all of them are Latin (`Mika Nakashima`, `Björk`; not `中島美嘉`).
    static func isLatin(_ text: String) -> Bool {
        let letters = text.unicodeScalars.filter(\.properties.isAlphabetic)
        return !letters.isEmpty && letters.allSatisfy { $0.value < 0x0250 || (0x1E00...0x1EFF).contains($0.value) }
    }

    /// Whether two names are written in different scripts (one all Latin, the other not): a romanised name read from
    /// a sleeve against the one MusicBrainz credits in the artist's own script.
    static func differentScripts(_ a: String, _ b: String) -> Bool {
        isLatin(a) != isLatin(b)
    }

    /// A `Sort, Name` turned back into `Name Sort`; nil when the text has no comma.
    static func unsorted(_ sortName: String) -> String? {
        guard let comma = sortName.firstIndex(of: ",") else { return nil }
        let last = sortName[..<comma].trimmingCharacters(in: .whitespaces)
        let first = sortName[sortName.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard !last.isEmpty, !first.isEmpty else { return nil }
        return "\(first) \(last)"
    }

    /// MusicBrainz's special-purpose entities, written in square brackets (`[no label]`, `[unknown]`, `[anonymous]`):
    /// placeholders, never a real name to show.
    package static func isPlaceholder(_ name: String?) -> Bool {
        guard let name = name?.trimmingCharacters(in: .whitespaces) else { return false }
        return name.hasPrefix("[") && name.hasSuffix("]")
    }
}
