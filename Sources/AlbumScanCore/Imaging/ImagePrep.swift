import Foundation

/// Turns photos (JPEG, PNG, HEIC) and downloaded artwork into small, upright, verified JPEGs.
package enum ImagePrep {
    /// JPEG quality used for every re-encode.
    static let quality = 85

    /// Photo bytes (any accepted format, told by content) to an upright JPEG whose long side is at most `limits.uploadMaxSide` and short side at most
    /// `limits.uploadMaxShortSide` (what `detail: high` keeps), quality 85. The size may sit a few percent under that
    /// fit when a libjpeg-turbo DCT scale lands there, which saves the resample.
    package static func prepareUpload(_ data: Data, limits: ImageLimits) throws -> PreparedImage {
        let outcome = try ImageDecoder.decode(data, bounds: limits.uploadBounds, limits: limits)
        let image = outcome.image
        let jpeg = try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: quality)
        return PreparedImage(
            jpeg: jpeg, width: image.width, height: image.height,
            sourceWidth: outcome.uprightSource.width, sourceHeight: outcome.uprightSource.height,
            orientation: outcome.orientation, warnings: outcome.warnings, pixels: image)
    }

    /// Any accepted image (e.g. downloaded artwork) to a verified-decodable JPEG with longest side <= `maxSide`, never upscaled, quality 85.
    package static func thumbnail(_ data: Data, maxSide: Int, limits: ImageLimits) throws -> Data {
        let image = try ImageDecoder.decodeRGB(data, maxSide: maxSide, limits: limits)
        return try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: quality)
    }
}
