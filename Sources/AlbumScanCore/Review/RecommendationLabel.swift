/// The 24 recommendation labels in 8 tiers, best first, from the original app.
package enum RecommendationLabel {
    package static let tiers: [[String]] = [
        ["Essential Classic", "Genre Landmark", "Cultural Monument"],
        ["Indie Masterpiece", "Cult Essential", "Critics' Choice"],
        ["Crowd Favorite", "Radio Gold", "Crossover Success"],
        ["Deep Cut", "Surprise Excellence", "Scene Favorite"],
        ["Time Capsule", "Influential Curio", "Pioneering Effort"],
        ["Reliable Listen", "Fan Essential", "Genre Staple"],
        ["Ambitious Failure", "Divisive Work", "Uneven Effort"],
        ["Forgettable Entry", "Career Low", "Avoid Entirely"],
    ]

    package static let all: [String] = tiers.flatMap { $0 }

    /// The canonical spelling of a label, matched case-insensitively (curly apostrophes too).
    package static func canonical(_ label: String) -> String? {
        let wanted = fold(label)
        return all.first { fold($0) == wanted }
    }

    /// The label a rating implies when the model's label is unknown.
    package static func implied(byRating rating: Double) -> String {
        switch rating {
        case 9...: "Essential Classic"
        case 8.5..<9: "Critics' Choice"
        case 8..<8.5: "Crowd Favorite"
        case 7.5..<8: "Deep Cut"
        case 7..<7.5: "Time Capsule"
        case 6..<7: "Reliable Listen"
        case 4.5..<6: "Uneven Effort"
        case 3..<4.5: "Forgettable Entry"
        case 2..<3: "Career Low"
        default: "Avoid Entirely"
        }
    }

    private static func fold(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{2019}", with: "'").lowercased().split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
    }
}
