import AlbumScanMatching
import Foundation

/// Decodes JPEG bytes to upright RGB within the image limits.
package enum JPEGDecoder {
    /// What a decode produced besides pixels.
    struct Outcome {
        let image: DecodedRGB
        let header: JPEGHeaderInfo
        /// Displayed size of the source before any scaling.
        let uprightSource: (width: Int, height: Int)
        let warnings: [String]
    }

    /// Upright RGB (EXIF applied); when `maxSide` is set, DCT-scaled then box-resized so the longest side is <= `maxSide`.
    package static func decodeRGB(_ data: Data, maxSide: Int?, limits: ImageLimits) throws -> DecodedRGB {
        try decode(data, maxSide: maxSide, limits: limits).image
    }

    /// Decodes like `decodeRGB` and also reports the header and recoverable warnings.
    static func decode(_ data: Data, maxSide: Int?, limits: ImageLimits) throws -> Outcome {
        try decode(data, bounds: maxSide.map { ResizeBounds(maxLongSide: $0, maxShortSide: $0) }, limits: limits)
    }

    /// Upright RGB (EXIF applied) fitted into `bounds` by a DCT-scaled decode and, unless the DCT size is close
    /// enough and `bounds.snapsToDCT`, a box resample; the whole image when `bounds` is nil.
    static func decode(_ data: Data, bounds: ResizeBounds?, limits: ImageLimits) throws -> Outcome {
        let info = try JPEGMarkers.parse(data, limits: limits)
        let header = try TurboJPEG.header(data, maxPixels: limits.maxPixels)
        // TurboJPEG reads the same SOF, but re-check in case it found a different frame.
        try JPEGMarkers.checkPixels(width: header.width, height: header.height, limits: limits)
        let orientation = info.orientation
        let upright = OrientationTransform.uprightSize(width: header.width, height: header.height, orientation: orientation)
        // Bounds constrain the long and short sides, so planning on the stored (unrotated) size gives the same result.
        let choice =
            bounds.map {
                ResizePlan.choose(width: header.width, height: header.height, bounds: $0, factors: TurboJPEG.scalingFactors())
            }
            ?? ScaleChoice(
                num: 1, denom: 1, decodedWidth: header.width, decodedHeight: header.height, width: header.width,
                height: header.height)
        let scaledWidth = choice.decodedWidth
        let scaledHeight = choice.decodedHeight
        let decoded = try TurboJPEG.decompress(
            data, width: scaledWidth, height: scaledHeight, cmyk: header.isCMYK, maxPixels: limits.maxPixels)
        let rgb = header.isCMYK ? CMYKConversion.rgb(fromInvertedCMYK: decoded.pixels) : decoded.pixels
        // Resize in stored orientation first: rotating the smaller buffer is cheaper and gives the same pixels.
        let resized = BoxResize.resize(
            DecodedRGB(pixels: rgb, width: scaledWidth, height: scaledHeight), width: choice.width, height: choice.height)
        // The header and the decode pass often report the same warning; keep one copy.
        let warnings = [header.warning, decoded.warning].compactMap { $0 }.reduce(into: [String]()) { kept, text in
            if !kept.contains(text) { kept.append(text) }
        }
        return Outcome(
            image: OrientationTransform.apply(resized, orientation: orientation), header: info,
            uprightSource: upright, warnings: warnings)
    }
}
