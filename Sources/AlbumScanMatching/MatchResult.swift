/// Whether the candidate front image is the cover in the photo.
package enum MatchVerdict: String, Sendable, Codable, Equatable {
    case verified
    case mismatch
    case unsure
}

/// The matcher's answer for one photo and one candidate front image.
package struct MatchResult: Sendable, Equatable {
    /// 0 (nothing alike) to 1 (the same cover, seen cleanly).
    package var score: Double
    /// The verdict the score falls into.
    package var verdict: MatchVerdict
    /// What the score was made from, for tuning and diagnostics.
    package var evidence: MatchScorer.Evidence
}
