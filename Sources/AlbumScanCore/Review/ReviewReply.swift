import Foundation

/// Reads and checks a review reply: the fixed shape, 3-5 bullets, 3-7 key tracks, a 0-10 rating, a known label.
enum ReviewReply {
    /// The review, or nil when the reply is not usable. `warn` hears about repairs made on the way.
    static func parse(_ text: String, warn: (String) -> Void) -> Review? {
        guard let json = LenientJSON.object(in: text),
            let summary = LenientJSON.string(json["summary"]),
            let rating = LenientJSON.number(json["rating"]), (0...10).contains(rating)
        else { return nil }
        let bullets = LenientJSON.strings(json["bullets"]).map(stripBulletMark)
        let tracks = LenientJSON.strings(json["keyTracks"])
        guard bullets.count >= 3, tracks.count >= 3 else { return nil }
        let given = LenientJSON.string(json["recommendation"]) ?? ""
        var label = RecommendationLabel.canonical(given)
        if label == nil {
            label = RecommendationLabel.implied(byRating: rating)
            warn("review: unknown recommendation \"\(given.prefix(40))\"; using \(label ?? "") from the rating")
        }
        return Review(
            summary: summary, bullets: Array(bullets.prefix(5)), rating: (rating * 10).rounded() / 10,
            recommendation: label ?? "", keyTracks: Array(tracks.prefix(7)))
    }

    /// Models sometimes start bullets with their own "•" or "-".
    static func stripBulletMark(_ bullet: String) -> String {
        var text = Substring(bullet)
        while let first = text.first, "•-*–".contains(first) { text = text.dropFirst() }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The strict schema for the standard review call.
    static let schema: JSONValue = IdentifySchema.object([
        "summary": .object(["type": .string("string")]),
        "bullets": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
        "rating": .object(["type": .string("number")]),
        "recommendation": IdentifySchema.enumeration(RecommendationLabel.all),
        "keyTracks": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
    ])

    /// Citation URLs without OpenAI's `utm_source` tag, duplicates dropped, order kept.
    static func cleanSources(_ sources: [Review.Source]) -> [Review.Source] {
        var seen = Set<String>()
        return sources.compactMap { source in
            var url = source.url
            if var parts = URLComponents(string: url) {
                parts.queryItems = parts.queryItems?.filter { $0.name != "utm_source" }
                if parts.queryItems?.isEmpty == true { parts.queryItems = nil }
                url = parts.string ?? url
            }
            guard seen.insert(url).inserted else { return nil }
            return Review.Source(title: source.title, url: url)
        }
    }
}
