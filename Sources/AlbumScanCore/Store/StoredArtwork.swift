import Foundation

/// An album's artwork, stored once per MBID.
package struct StoredArtwork: Sendable, Equatable {
    /// Where the image was downloaded from.
    package var url: String
    /// The 500 px JPEG.
    package var image: Data
    /// The 200 px JPEG thumbnail.
    package var thumbnail: Data

    /// Creates an artwork value.
    package init(url: String, image: Data, thumbnail: Data) {
        self.url = url
        self.image = image
        self.thumbnail = thumbnail
    }
}
