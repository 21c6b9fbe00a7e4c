/// Decides whether ID Call 2 (web search) may run after Call 1 asked for it.
package enum SearchGate {
    /// The gate: base never searches; ultra with advanced search always does;
    /// otherwise at least 3 letters or digits read with medium or high confidence.
    package static func decide(
        searchNeeded: Bool, observation: Observation, tier: Tier, advancedSearch: Bool
    ) -> SearchGateResult {
        guard searchNeeded else { return .notNeeded }
        switch tier {
        case .base: return .notAllowed
        case .ultra where advancedSearch: return .bypassed
        case .free, .ultra:
            return hasReadableText(observation) ? .passed : .blocked
        }
    }

    /// At least 3 letters or digits, read with medium or high confidence.
    package static func hasReadableText(_ observation: Observation) -> Bool {
        let readable = observation.extractedText.unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
        }
        return readable.count >= 3 && observation.textConfidence != .low
    }
}
