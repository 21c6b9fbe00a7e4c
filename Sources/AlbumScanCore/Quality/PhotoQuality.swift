import AlbumScanMatching

/// The photo-quality check before paying: measures the prepared upload and judges it.
package enum PhotoQuality {
    /// The upload as the model will see it (decoded from its JPEG), and the short side of the photo as taken.
    package struct DecodedUpload: Sendable {
        package var rgb: DecodedRGB
        /// What the measures and the barcode reader read.
        package var luminance: LuminancePlane
        package var shortSide: Int
    }

    package static func decode(_ image: PreparedImage, limits: ImageLimits) throws -> DecodedUpload {
        let rgb = try JPEGDecoder.decodeRGB(image.jpeg, maxSide: nil, limits: limits)
        return DecodedUpload(
            rgb: rgb, luminance: LuminancePlane(rgb: rgb), shortSide: min(image.sourceWidth, image.sourceHeight))
    }

    package static func measures(_ upload: DecodedUpload) -> QualityMeasures {
        QualityMeter.measure(
            upload.luminance, shortSide: upload.shortSide, colourSpread: QualityMeter.colourSpread(upload.rgb),
            colour: ColourPlanes(upload.rgb))
    }

    /// The measures as the check took them before issue 41: luma alone, a small glare spot's rim counted in the
    /// edge contrast. The bench's baseline for its quality rows.
    package static func lumaOnlyMeasures(_ upload: DecodedUpload) -> QualityMeasures {
        QualityMeter.measure(
            upload.luminance, shortSide: upload.shortSide, colourSpread: QualityMeter.colourSpread(upload.rgb),
            leavingOutGlare: false)
    }

    /// The upload's measures, decoded and measured in one step.
    package static func measure(_ image: PreparedImage, limits: ImageLimits) throws -> QualityMeasures {
        measures(try decode(image, limits: limits))
    }
}
