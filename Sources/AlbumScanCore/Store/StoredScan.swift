import Foundation

/// A saved scan read back from the store, with its album and cached review joined in.
package struct StoredScan: Sendable, Equatable {
    package var id: Int64
    package var scannedAt: Date
    package var fileName: String
    package var inputSha256: String
    package var tier: Tier
    package var calls: Int
    package var searchGate: SearchGateResult
    package var album: Album
    package var artworkStatus: ArtworkStatus
    /// The album's artwork URL, nil when this scan had no artwork.
    package var artworkURL: String?
    /// Why the artwork is missing, as saved (`service-failed` marks an incomplete scan).
    package var artworkReason: String? = nil
    package var reviewStatus: ReviewStatus
    /// The cache key the review was stored under, if any.
    package var reviewKey: String?
    /// The cached review, nil when this scan's review was unavailable.
    package var review: Review?
    package var promptHash: String
    /// Milliseconds per pipeline stage, by stage name.
    package var timings: [String: Int]
    /// The artwork check made when the scan ran.
    package var verification: Verification
    /// How the scan was identified.
    package var method: IdentificationMethod = .model
    /// For a duplicate: the file it followed.
    package var duplicateOf: String? = nil
    /// The shop's fields (grades, location, SKU, comments, price).
    package var shop: ShopFields = .none
    /// Grows with every change `show --json` would show (DESIGN wave 5); 1 when saved.
    package var version = 1

    /// Creates a stored scan value.
    package init(
        id: Int64, scannedAt: Date, fileName: String, inputSha256: String, tier: Tier, calls: Int,
        searchGate: SearchGateResult, album: Album, artworkStatus: ArtworkStatus, artworkURL: String?,
        reviewStatus: ReviewStatus, reviewKey: String?, review: Review?, promptHash: String,
        timings: [String: Int], verification: Verification = .unchecked, method: IdentificationMethod? = nil,
        duplicateOf: String? = nil, shop: ShopFields = .none, artworkReason: String? = nil, version: Int = 1
    ) {
        self.version = version
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
        self.verification = verification
        self.method = method ?? .model(calls: calls)
        self.duplicateOf = duplicateOf
        self.shop = shop
        self.artworkReason = artworkReason
    }
}
