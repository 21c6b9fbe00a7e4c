import Foundation

/// An album's artwork, stored once per MBID.
public struct StoredArtwork: Sendable, Equatable {
    /// Where the image was downloaded from.
    public var url: String
    /// The 500 px JPEG.
    public var image: Data
    /// The 200 px JPEG thumbnail.
    public var thumbnail: Data

    /// Creates an artwork value.
    public init(url: String, image: Data, thumbnail: Data) {
        self.url = url
        self.image = image
        self.thumbnail = thumbnail
    }
}
