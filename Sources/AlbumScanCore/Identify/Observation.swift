/// What the vision model saw on the cover, used by the search gate and ID Call 2.
package struct Observation: Sendable, Equatable, Codable {
    package var extractedText: String
    package var textConfidence: Confidence
    package var visualDescription: String

    package init(extractedText: String, textConfidence: Confidence, visualDescription: String) {
        self.extractedText = extractedText
        self.textConfidence = textConfidence
        self.visualDescription = visualDescription
    }
}

/// A model's stated confidence.
package enum Confidence: String, Sendable, Codable, CaseIterable {
    case high, medium, low

    /// Reads "High", " medium " and the like; anything unknown counts as low.
    package init(lenient value: String?) {
        self = Confidence(rawValue: value?.trimmingCharacters(in: .whitespaces).lowercased() ?? "") ?? .low
    }
}
