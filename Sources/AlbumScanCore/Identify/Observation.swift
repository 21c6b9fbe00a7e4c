/// What the vision model saw on the cover, used by the search gate and ID Call 2.
public struct Observation: Sendable, Equatable, Codable {
    public var extractedText: String
    public var textConfidence: Confidence
    public var visualDescription: String

    public init(extractedText: String, textConfidence: Confidence, visualDescription: String) {
        self.extractedText = extractedText
        self.textConfidence = textConfidence
        self.visualDescription = visualDescription
    }
}

/// A model's stated confidence.
public enum Confidence: String, Sendable, Codable, CaseIterable {
    case high, medium, low

    /// Reads "High", " medium " and the like; anything unknown counts as low.
    public init(lenient value: String?) {
        self = Confidence(rawValue: value?.trimmingCharacters(in: .whitespaces).lowercased() ?? "") ?? .low
    }
}
