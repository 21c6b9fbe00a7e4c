import Foundation

/// Keeps money talk out of reviews: price, value, rarity, pressings, collectibility, investment.
///
/// The rule: currency symbols and market words always count; "worth" counts only when money follows
/// ("worth $40", "worth a fortune"), so "worth hearing" passes; "rare" counts only before a word about
/// copies or editions ("rare pressing"), so "a rare moment of calm" passes; "pressing" counts unless it
/// means urgent ("pressing issues").
package enum ContentGuard {
    static let patterns: [NSRegularExpression] = [
        #"[$£€¥]"#,
        #"\b(prices?|priced|pricing|resale|resell(ing|s)?|investments?|invest(ing|or|ors)?|valuables?|collectib(le|les|ility)|collectab(le|les|ility)|collector'?s item|rarity|rarities|auctions?|ebay|appraise[ds]?|appraisal|monetary|dollars?|cents|bucks)\b"#,
        #"\b(market|resale|monetary|collector|cash|dollar) value\b"#,
        #"\bholds? (its|their) value\b"#,
        #"\bworth (a (lot|fortune|pretty penny|bundle)|big money|money|every (penny|cent)|\d|[$£€])"#,
        #"\brare (press(ing|ings)?|cop(y|ies)|finds?|records?|vinyl|editions?|releases?|originals?)\b"#,
        #"\bpressings?\b(?! (issues?|matters?|concerns?|needs?|questions?))"#,
        #"\b(first|original|limited|colou?red|numbered) (press(ing)?|run|edition)s?\b"#,
    ].map { FixedPattern.compiled($0, options: [.caseInsensitive]) }

    /// Whether a piece of text talks about money, value, rarity or pressings.
    package static func flags(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return patterns.contains { $0.firstMatch(in: text, range: range) != nil }
    }

    /// Whether any part of a review is flagged.
    package static func flags(_ review: Review) -> Bool {
        ([review.summary] + review.bullets + review.keyTracks).contains(where: flags)
    }

    /// The review with flagged sentences and bullets removed; nil when too little is left to show.
    package static func scrubbed(_ review: Review) -> Review? {
        var clean = review
        clean.summary = sentences(review.summary).filter { !flags($0) }.joined(separator: " ")
        clean.bullets = review.bullets.filter { !flags($0) }
        clean.keyTracks = review.keyTracks.filter { !flags($0) }
        return clean.summary.isEmpty || clean.bullets.isEmpty ? nil : clean
    }

    /// Splits prose at sentence ends: ., ! or ? followed by whitespace or the end ("8.5" stays whole).
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let atBoundary = index + 1 == characters.count || characters[index + 1].isWhitespace
            if ".!?".contains(character), atBoundary {
                result.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { result.append(rest) }
        return result.filter { !$0.isEmpty }
    }
}
