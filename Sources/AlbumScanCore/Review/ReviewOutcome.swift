/// A review stage result: never an error, since a scan without a review still succeeds.
package struct ReviewOutcome: Sendable {
    package var status: ReviewStatus
    package var review: Review?
    /// The album the review is of, its cache key.
    package var key: AlbumKey
    /// Why the review is unavailable.
    package var reason: ScanResult.Problem?
    package var usage: [TokenUsage] = []
}
