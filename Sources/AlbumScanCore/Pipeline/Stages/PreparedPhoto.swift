import AlbumScanMatching
import Foundation

/// Stage 1, prepare: the photo read within the limits, made into the upload, measured, hashed, its barcodes read,
/// and decoded for the matcher. A photo the quality check refuses never becomes one.
struct PreparedPhoto: Sendable {
    /// The input's name as given, for the result and the saved row.
    var name: String
    var sha256: String
    /// The upload.
    var image: PreparedImage
    /// The retail barcodes read off the upload (a sleeve's back, usually), for identifying it without the model.
    var barcodes: [RetailBarcode]
    /// The upload as the matcher sees it, decoded once for Call 0 and the artwork check; nil when it cannot be. Held
    /// here alone, so that it goes with the scan (see `ComparablePhoto`).
    var comparable: ComparablePhoto?

    /// The decoded upload, as `comparable` holds it.
    var decoded: DecodedRGB? { comparable?.decoded }
}
