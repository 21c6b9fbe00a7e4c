import Foundation

/// One line of `albumscan history`.
public struct HistoryItem: Sendable, Equatable {
    public var id: Int64
    public var scannedAt: Date
    public var album: Album
    /// The review's recommendation label, nil when the review was unavailable.
    public var recommendation: String?
    /// The review's rating, nil when the review was unavailable.
    public var rating: Double?
    /// Whether artwork is stored for the album.
    public var hasArtwork: Bool

    /// Creates a history item.
    public init(
        id: Int64, scannedAt: Date, album: Album, recommendation: String?, rating: Double?, hasArtwork: Bool
    ) {
        self.id = id
        self.scannedAt = scannedAt
        self.album = album
        self.recommendation = recommendation
        self.rating = rating
        self.hasArtwork = hasArtwork
    }
}
