import Testing

@testable import AlbumScanCore

@Suite struct SearchGateTests {
    static func observation(_ text: String, _ confidence: Confidence) -> Observation {
        Observation(extractedText: text, textConfidence: confidence, visualDescription: "a sleeve")
    }

    @Test(arguments: [
        // text, confidence, tier, advanced search, expected
        ("RADIOHEAD", Confidence.high, Tier.free, false, SearchGateResult.passed),
        ("RADIOHEAD", .medium, .ultra, false, .passed),
        ("RADIOHEAD", .low, .free, false, .blocked),
        ("ab", .high, .free, false, .blocked),
        ("a b c", .high, .free, false, .passed),
        ("ÅÄÖ", .medium, .ultra, false, .passed),
        ("  12 ", .high, .free, false, .blocked),
        ("  123 ", .high, .free, false, .passed),
        ("[partial]", .medium, .free, false, .passed),
        ("!!! ??", .high, .free, false, .blocked),
        ("", .high, .ultra, false, .blocked),
        ("RADIOHEAD", .high, .base, false, .notAllowed),
        ("RADIOHEAD", .high, .base, true, .notAllowed),
        ("ab", .low, .ultra, true, .bypassed),
        ("RADIOHEAD", .high, .ultra, true, .bypassed),
    ])
    func decidesWhenSearchIsNeeded(text: String, confidence: Confidence, tier: Tier, advanced: Bool, expected: SearchGateResult) {
        let result = SearchGate.decide(
            searchNeeded: true, observation: Self.observation(text, confidence), tier: tier, advancedSearch: advanced)
        #expect(result == expected)
    }

    @Test(arguments: Tier.allCases)
    func isNotNeededWhenCallOneIdentified(tier: Tier) {
        let result = SearchGate.decide(
            searchNeeded: false, observation: Self.observation("", .low), tier: tier, advancedSearch: true)
        #expect(result == .notNeeded)
    }
}
