import Foundation

/// One scan as `history --csv` exports it: every column of the CSV, read from the store.
///
/// `barcode`, `verification` and `method` are optional: the store does not keep all of them yet, and a missing one
/// is an empty cell. Filling one in is a change to `AlbumStore.exportRows` only.
package struct HistoryExportRow: Sendable, Equatable {
    package var scanId: Int64
    package var scannedAt: Date
    package var album: Album
    /// The review's rating and recommendation, nil when the review was unavailable.
    package var rating: Double?
    package var recommendation: String?
    /// The barcode the album was identified by or carries, when known.
    package var barcode: String?
    /// The artwork check: `verified`, `mismatch`, `unsure` or `unchecked`.
    package var verification: String?
    /// How the album was identified: `model`, `search`, `local`, `barcode` or `duplicate`.
    package var method: String?
    /// The input file's name as given to `scan`.
    package var file: String
    /// The shop's fields on the scan.
    package var shop: ShopFields

    package init(
        scanId: Int64, scannedAt: Date, album: Album, rating: Double?, recommendation: String?, barcode: String? = nil,
        verification: String? = nil, method: String? = nil, file: String, shop: ShopFields = .none
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
        self.shop = shop
    }
}
