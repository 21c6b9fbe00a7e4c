import Foundation

/// A saved scan read back from the store, with its album and cached review joined in.
public struct StoredScan: Sendable, Equatable {
    public var id: Int64
    public var scannedAt: Date
    public var fileName: String
    public var inputSha256: String
    public var tier: Tier
    public var calls: Int
    public var searchGate: SearchGateResult
    public var album: Album
    public var artworkStatus: ArtworkStatus
    /// The album's artwork URL, nil when this scan had no artwork.
    public var artworkURL: String?
    public var reviewStatus: ReviewStatus
    /// The cache key the review was stored under, if any.
    public var reviewKey: String?
    /// The cached review, nil when this scan's review was unavailable.
    public var review: Review?
    public var promptHash: String
    /// Milliseconds per pipeline stage, by stage name.
    public var timings: [String: Int]
    /// How the scan was identified.
    public var method: IdentificationMethod = .model

    /// Creates a stored scan value.
    public init(
        id: Int64, scannedAt: Date, fileName: String, inputSha256: String, tier: Tier, calls: Int,
        searchGate: SearchGateResult, album: Album, artworkStatus: ArtworkStatus, artworkURL: String?,
        reviewStatus: ReviewStatus, reviewKey: String?, review: Review?, promptHash: String,
        timings: [String: Int]
    ) {
        self.id = id
        self.scannedAt = scannedAt
        self.fileName = fileName
        self.inputSha256 = inputSha256
        self.tier = tier
        self.calls = calls
        self.searchGate = searchGate
        self.album = album
        self.artworkStatus = artworkStatus
        self.artworkURL = artworkURL
        self.reviewStatus = reviewStatus
        self.reviewKey = reviewKey
        self.review = review
        self.promptHash = promptHash
        self.timings = timings
    }
}
