import AlbumScanMatching
import Foundation

/// A photo made ready for upload: upright, downscaled and re-encoded.
package struct PreparedImage: Sendable {
    /// The re-encoded JPEG.
    package let jpeg: Data
    /// Width of `jpeg` in pixels.
    package let width: Int
    /// Height of `jpeg` in pixels.
    package let height: Int
    /// Width of the source photo as displayed (after EXIF orientation).
    package let sourceWidth: Int
    /// Height of the source photo as displayed (after EXIF orientation).
    package let sourceHeight: Int
    /// The EXIF orientation (1-8) that was applied.
    package let orientation: Int
    /// Recoverable decoder warnings, e.g. a truncated file whose image was kept.
    package let warnings: [String]
    /// The upright, downscaled pixels `jpeg` was encoded from: what the matcher compares, with no second decode.
    package let pixels: DecodedRGB

    /// Creates a prepared image from its parts.
    package init(
        jpeg: Data, width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, orientation: Int, warnings: [String],
        pixels: DecodedRGB
    ) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.orientation = orientation
        self.warnings = warnings
        self.pixels = pixels
    }
}
