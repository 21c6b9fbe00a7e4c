/// A review stage result: never an error, since a scan without a review still succeeds.
package struct ReviewOutcome: Sendable {
    package var status: ReviewStatus
    package var review: Review?
    /// The cache key the review is stored under.
    package var key: String
    /// Why the review is unavailable.
    package var reason: ScanResult.Problem?
    package var usage: [TokenUsage] = []
}
