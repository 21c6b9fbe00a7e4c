import Foundation

/// One scan as `history --csv` exports it: every column of the CSV, read from the store.
///
/// `barcode`, `verification` and `method` are optional: the store does not keep all of them yet, and a missing one
/// is an empty cell. Filling one in is a change to `AlbumStore.exportRows` only.
public struct HistoryExportRow: Sendable, Equatable {
    public var scanId: Int64
    public var scannedAt: Date
    public var album: Album
    /// The review's rating and recommendation, nil when the review was unavailable.
    public var rating: Double?
    public var recommendation: String?
    /// The barcode the album was identified by or carries, when known.
    public var barcode: String?
    /// The artwork check: `verified`, `mismatch`, `unsure` or `unchecked`.
    public var verification: String?
    /// How the album was identified: `model`, `search`, `local`, `barcode` or `duplicate`.
    public var method: String?
    /// The input file's name as given to `scan`.
    public var file: String

    public init(
        scanId: Int64, scannedAt: Date, album: Album, rating: Double?, recommendation: String?, barcode: String? = nil,
        verification: String? = nil, method: String? = nil, file: String
    ) {
        self.scanId = scanId
        self.scannedAt = scannedAt
        self.album = album
        self.rating = rating
        self.recommendation = recommendation
        self.barcode = barcode
        self.verification = verification
        self.method = method
        self.file = file
    }
}
