import Foundation

/// Turns photos (JPEG, PNG, HEIC) and downloaded artwork into small, upright, verified JPEGs.
package enum ImagePrep {
    /// JPEG quality used for every re-encode.
    static let quality = 85

    /// Photo bytes (any accepted format, told by content) to an upright JPEG whose long side is at most `limits.uploadMaxSide` and short side at most
    /// `limits.uploadMaxShortSide` (what `detail: high` keeps), quality 85. The size may sit a few percent under that
    /// fit when a libjpeg-turbo DCT scale lands there, which saves the resample.
    package static func prepareUpload(_ data: Data, limits: ImageLimits) throws -> PreparedImage {
        try upload(decodedForUpload(data, limits: limits))
    }

    /// `prepareUpload`'s first step: the photo decoded upright at the upload's size. A scan starts the matcher's work
    /// on these pixels while they are encoded.
    static func decodedForUpload(_ data: Data, limits: ImageLimits) throws -> ImageDecoder.Outcome {
        try ImageDecoder.decode(data, bounds: limits.uploadBounds, limits: limits)
    }

    /// `prepareUpload`'s second step: the decoded photo encoded as the upload.
    static func upload(_ decoded: ImageDecoder.Outcome) throws -> PreparedImage {
        let image = decoded.image
        let jpeg = try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: quality)
        return PreparedImage(
            jpeg: jpeg, width: image.width, height: image.height,
            sourceWidth: decoded.uprightSource.width, sourceHeight: decoded.uprightSource.height,
            orientation: decoded.orientation, warnings: decoded.warnings, pixels: image)
    }

    /// Any accepted image (e.g. downloaded artwork) to a verified-decodable JPEG with longest side <= `maxSide`, never upscaled, quality 85.
    package static func thumbnail(_ data: Data, maxSide: Int, limits: ImageLimits) throws -> Data {
        let image = try ImageDecoder.decodeRGB(data, maxSide: maxSide, limits: limits)
        return try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: quality)
    }
}
