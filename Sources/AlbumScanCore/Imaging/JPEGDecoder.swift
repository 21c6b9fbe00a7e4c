import Foundation

/// Decodes JPEG bytes to upright RGB within the image limits.
public enum JPEGDecoder {
    /// What a decode produced besides pixels.
    struct Outcome {
        let image: DecodedRGB
        let header: JPEGHeaderInfo
        /// Displayed size of the source before any scaling.
        let uprightSource: (width: Int, height: Int)
        let warnings: [String]
    }

    /// Upright RGB (EXIF applied); when `maxSide` is set, DCT-scaled then box-resized so the longest side is <= `maxSide`.
    public static func decodeRGB(_ data: Data, maxSide: Int?, limits: ImageLimits) throws -> DecodedRGB {
        try decode(data, maxSide: maxSide, limits: limits).image
    }

    /// Decodes like `decodeRGB` and also reports the header and recoverable warnings.
    static func decode(_ data: Data, maxSide: Int?, limits: ImageLimits) throws -> Outcome {
        let info = try JPEGMarkers.parse(data, limits: limits)
        let header = try TurboJPEG.header(data, maxPixels: limits.maxPixels)
        // TurboJPEG reads the same SOF, but re-check in case it found a different frame.
        try JPEGMarkers.checkPixels(width: header.width, height: header.height, limits: limits)
        let orientation = info.orientation
        let upright = OrientationTransform.uprightSize(width: header.width, height: header.height, orientation: orientation)
        let target = maxSide.map { ResizePlan.targetSize(width: upright.width, height: upright.height, maxSide: $0) } ?? upright
        let stored = OrientationTransform.swapsAxes(orientation) ? (width: target.height, height: target.width) : target
        let factor = ResizePlan.dctFactor(
            width: header.width, height: header.height, target: stored, factors: TurboJPEG.scalingFactors())
        let scaledWidth = ResizePlan.scaled(header.width, num: factor.num, denom: factor.denom)
        let scaledHeight = ResizePlan.scaled(header.height, num: factor.num, denom: factor.denom)
        let decoded = try TurboJPEG.decompress(
            data, width: scaledWidth, height: scaledHeight, cmyk: header.isCMYK, maxPixels: limits.maxPixels)
        let rgb = header.isCMYK ? CMYKConversion.rgb(fromInvertedCMYK: decoded.pixels) : decoded.pixels
        // Resize in stored orientation first: rotating the smaller buffer is cheaper and gives the same pixels.
        let resized = BoxResize.resize(
            DecodedRGB(pixels: rgb, width: scaledWidth, height: scaledHeight), width: stored.width, height: stored.height)
        // The header and the decode pass often report the same warning; keep one copy.
        let warnings = [header.warning, decoded.warning].compactMap { $0 }.reduce(into: [String]()) { kept, text in
            if !kept.contains(text) { kept.append(text) }
        }
        return Outcome(
            image: OrientationTransform.apply(resized, orientation: orientation), header: info,
            uprightSource: upright, warnings: warnings)
    }
}
