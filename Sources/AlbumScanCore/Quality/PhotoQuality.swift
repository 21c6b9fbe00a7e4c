import AlbumScanMatching
/// The photo-quality check before paying: measures the prepared upload and judges it.
package enum PhotoQuality {
    /// The upload's luminance and its measures; the short side is the photo's own, before downscaling.
    package static func measure(_ image: PreparedImage, limits: ImageLimits) throws -> (
        luminance: LuminancePlane, measures: QualityMeasures
    ) {
        let rgb = try JPEGDecoder.decodeRGB(image.jpeg, maxSide: nil, limits: limits)
        let luminance = LuminancePlane(rgb: rgb)
        let shortSide = min(image.sourceWidth, image.sourceHeight)
        return (luminance, QualityMeter.measure(luminance, shortSide: shortSide, colourSpread: QualityMeter.colourSpread(rgb)))
    }
}
