import AlbumScanCore
import Foundation

/// One received photo waiting to be scanned: who sent it, where its bytes are, and how to scan it. Kept beside the
/// photo in the upload folder, so a server killed before the scan finished scans it again on its next start.
struct JobRequest: Codable, Sendable {
    /// The client (cookie id, or `bearer`) whose queue it is in.
    var client: String
    /// The photo's SHA-256, as `resume` and the store key it.
    var sha256: String
    /// The name the phone gave the photo (saved as the scan's file name).
    var name: String
    /// Shop fields for this photo, the session's defaults where the upload named none.
    var shop: [String: String]
    var noQualityCheck = false
    var rescan = false
    /// Every photo to the model: no re-match against the library or the session's other photos (`--no-local`).
    var noLocal = false
    /// A back photo is saved beside the photo (`UploadFolder.back(of:)`): the front is scanned with it.
    var back: Bool? = nil

    /// The shop fields as the store takes them.
    var shopFields: ShopFields {
        ShopFields(
            Dictionary(uniqueKeysWithValues: shop.compactMap { key, value in ShopField(rawValue: key).map { ($0, value) } }))
    }
}
