import Foundation

/// One identified scan, ready to be saved to the store.
package struct NewScan: Sendable, Equatable {
    package var scannedAt: Date
    package var fileName: String
    package var inputSha256: String
    package var tier: Tier
    package var calls: Int
    package var searchGate: SearchGateResult
    package var album: Album
    package var artworkStatus: ArtworkStatus
    package var artworkURL: String?
    package var reviewStatus: ReviewStatus
    /// The normalised review cache key; the scan references the cached review through it.
    package var reviewKey: String?
    /// Why the artwork is missing, when a service failed (`service-failed`): the scan is incomplete, and a plain re-run
    /// completes it without a model call.
    package var artworkReason: String? = nil
    package var promptHash: String
    /// Milliseconds per pipeline stage, by stage name.
    package var timings: [String: Int]
    /// The quota reservation the scan is charged under.
    package var reservationId: String? = nil
    /// The artwork check.
    package var verification: Verification = .unchecked
    /// The `MatchDescriptor` bytes of the verified front image, kept with the album for local re-matching.
    package var artworkDescriptor: Data? = nil
    /// How the scan was identified; by default from the calls made.
    package var method: IdentificationMethod
    /// For a duplicate: the file it followed.
    package var duplicateOf: String? = nil
    /// The shop's fields given at scan time (`scan --location …`); a SKU may be a pattern (`A-{n}`), numbered when
    /// saved.
    package var shop: ShopFields = .none
    /// Whether the scan replaces the newest saved scan of the same content in place (same id, its shop fields kept
    /// unless `shop` sets them), as every scan the pipeline saves does; imports and benchmarks add rows.
    package var inPlace = false
    /// Whether a scan replaced in place keeps its shop fields whole, whatever `shop` says (`serve`: a photo sent again
    /// changes nothing, only PATCH edits; the CLI's re-run sets the fields it names).
    package var keepsShopFields = false

    /// Creates a scan to save.
    package init(
        scannedAt: Date, fileName: String, inputSha256: String, tier: Tier, calls: Int,
        searchGate: SearchGateResult, album: Album, artworkStatus: ArtworkStatus, artworkURL: String?,
        reviewStatus: ReviewStatus, reviewKey: String?, promptHash: String, timings: [String: Int],
        reservationId: String? = nil, verification: Verification = .unchecked, artworkDescriptor: Data? = nil,
        method: IdentificationMethod? = nil, duplicateOf: String? = nil, shop: ShopFields = .none
    ) {
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
        self.promptHash = promptHash
        self.timings = timings
        self.reservationId = reservationId
        self.verification = verification
        self.artworkDescriptor = artworkDescriptor
        self.method = method ?? .model(calls: calls)
        self.duplicateOf = duplicateOf
        self.shop = shop
    }

    /// The key albums are deduplicated by: the MBID when known, else the album's key.
    var albumDedupeKey: String { Self.dedupeKey(of: album) }

    /// The release cache's key for `album`: the MBID when known, else the album's key.
    static func dedupeKey(of album: Album) -> String {
        if let mbid = album.musicbrainzReleaseId, !mbid.isEmpty { return "mbid:" + mbid }
        return "key:" + AlbumKey(album).work.description
    }
}
