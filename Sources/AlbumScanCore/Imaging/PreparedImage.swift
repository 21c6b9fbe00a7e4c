import Foundation

/// A photo made ready for upload: upright, downscaled and re-encoded.
public struct PreparedImage: Sendable {
    /// The re-encoded JPEG.
    public let jpeg: Data
    /// Width of `jpeg` in pixels.
    public let width: Int
    /// Height of `jpeg` in pixels.
    public let height: Int
    /// Width of the source photo as displayed (after EXIF orientation).
    public let sourceWidth: Int
    /// Height of the source photo as displayed (after EXIF orientation).
    public let sourceHeight: Int
    /// The EXIF orientation (1-8) that was applied.
    public let orientation: Int
    /// Recoverable decoder warnings, e.g. a truncated file whose image was kept.
    public let warnings: [String]

    /// Creates a prepared image from its parts.
    public init(
        jpeg: Data, width: Int, height: Int, sourceWidth: Int, sourceHeight: Int, orientation: Int, warnings: [String]
    ) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.orientation = orientation
        self.warnings = warnings
    }
}
