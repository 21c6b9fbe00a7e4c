import Foundation

/// One identified scan, ready to be saved to the store.
public struct NewScan: Sendable, Equatable {
    public var scannedAt: Date
    public var fileName: String
    public var inputSha256: String
    public var tier: Tier
    public var calls: Int
    public var searchGate: SearchGateResult
    public var album: Album
    public var artworkStatus: ArtworkStatus
    public var artworkURL: String?
    public var reviewStatus: ReviewStatus
    /// The normalised review cache key; the scan references the cached review through it.
    public var reviewKey: String?
    public var promptHash: String
    /// Milliseconds per pipeline stage, by stage name.
    public var timings: [String: Int]
    /// The quota reservation the scan is charged under.
    public var reservationId: String? = nil
    /// How the scan was identified; nil means by the model (`search` when `calls` is 2).
    public var method: IdentificationMethod? = nil

    /// Creates a scan to save.
    public init(
        scannedAt: Date, fileName: String, inputSha256: String, tier: Tier, calls: Int,
        searchGate: SearchGateResult, album: Album, artworkStatus: ArtworkStatus, artworkURL: String?,
        reviewStatus: ReviewStatus, reviewKey: String?, promptHash: String, timings: [String: Int],
        reservationId: String? = nil
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
    }

    /// The key albums are deduplicated by: the MBID when known, else the review key, else the folded names.
    var albumDedupeKey: String {
        if let mbid = album.musicbrainzReleaseId, !mbid.isEmpty { return "mbid:" + mbid }
        if let reviewKey, !reviewKey.isEmpty { return "key:" + reviewKey }
        let fold = { (s: String) in s.lowercased().trimmingCharacters(in: .whitespacesAndNewlines) }
        return "name:" + fold(album.artist) + "\u{1F}" + fold(album.title)
    }
}
