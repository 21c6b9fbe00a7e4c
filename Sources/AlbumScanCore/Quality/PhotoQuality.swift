/// The photo-quality check before paying: measures the prepared upload and judges it.
package enum PhotoQuality {
    /// The upload's luminance and its measures; the short side is the photo's own, before downscaling.
    package static func measure(_ image: PreparedImage, limits: ImageLimits) throws -> (
        luminance: LuminancePlane, measures: QualityMeasures
    ) {
        let luminance = try LuminancePlane.of(image, limits: limits)
        let shortSide = min(image.sourceWidth, image.sourceHeight)
        return (luminance, QualityMeter.measure(luminance, shortSide: shortSide))
    }
}
