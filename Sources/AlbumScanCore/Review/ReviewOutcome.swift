/// A review stage result: never an error, since a scan without a review still succeeds.
public struct ReviewOutcome: Sendable {
    public var status: ReviewStatus
    public var review: Review?
    /// The cache key the review is stored under.
    public var key: String
    /// Why the review is unavailable.
    public var reason: ScanResult.Problem?
    public var usage: [TokenUsage] = []
}
