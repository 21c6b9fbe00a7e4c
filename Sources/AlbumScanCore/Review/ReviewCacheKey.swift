import Foundation

/// The review and MusicBrainz cache key: a normalised artist and title.
package enum ReviewCacheKey {
    /// Words that mark a bracketed or dash-suffixed part of a title as edition noise.
    static let editionWords = [
        "deluxe", "remaster", "remastered", "reissue", "reissued", "edition", "anniversary", "expanded", "bonus",
    ]

    /// "The Beatles" / "Abbey Road (2019 Remaster)" → "beatles|abbey road".
    package static func make(artist: String, title: String) -> String {
        var artistKey = fold(artist)
        if artistKey.hasPrefix("the ") { artistKey.removeFirst(4) }
        return artistKey + "|" + fold(stripEditionNoise(title))
    }

    /// Removes "(Deluxe Edition)", "[35th Anniversary Edition]", " - 2009 Remaster" and the like.
    package static func stripEditionNoise(_ title: String) -> String {
        var result = title
        // Bracketed groups that mention an edition word.
        let bracketed = try? NSRegularExpression(pattern: #"\s*[\(\[][^\(\)\[\]]*[\)\]]"#)
        for match in (bracketed?.matches(in: result, range: NSRange(result.startIndex..., in: result)) ?? []).reversed() {
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
    /// spaces and squeezes them.
    package static func fold(_ text: String) -> String {
        let folded = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX")
        )
        .replacingOccurrences(of: "&", with: " and ")
        .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        let kept = folded.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil ? Character(scalar) : " "
        }
        return String(kept).split(separator: " ").joined(separator: " ")
    }
}
