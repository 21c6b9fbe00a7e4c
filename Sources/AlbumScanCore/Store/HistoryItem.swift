import Foundation

/// One line of `albumscan history`.
package struct HistoryItem: Sendable, Equatable {
    package var id: Int64
    package var scannedAt: Date
    package var album: Album
    /// The review's recommendation label, nil when the review was unavailable.
    package var recommendation: String?
    /// The review's rating, nil when the review was unavailable.
    package var rating: Double?
    /// Whether artwork is stored for the album.
    package var hasArtwork: Bool
    /// The shop's fields on the scan.
    package var shop: ShopFields

    /// Creates a history item.
    package init(
        id: Int64, scannedAt: Date, album: Album, recommendation: String?, rating: Double?, hasArtwork: Bool,
        shop: ShopFields = .none
    ) {
        self.shop = shop
        self.id = id
        self.scannedAt = scannedAt
        self.album = album
        self.recommendation = recommendation
        self.rating = rating
        self.hasArtwork = hasArtwork
    }
}
