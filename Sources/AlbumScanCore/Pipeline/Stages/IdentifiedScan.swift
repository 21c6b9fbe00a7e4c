/// Stage 2, identify: the album a barcode, the model (Call 1 and 2) or the library named, and how.
struct IdentifiedScan: Sendable {
    var album: Album
    var identification: ScanResult.IdentificationSummary
    /// The tier the scan runs on.
    var tier: Tier
    /// The quota reservation the scan is charged under; nil for routes that make no model call.
    var reservationId: String?
    /// Ultra with advanced search: the review searches the web.
    var ultraReview: Bool
}
