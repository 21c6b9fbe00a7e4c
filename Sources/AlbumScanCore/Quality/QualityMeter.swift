import AlbumScanMatching
/// Measures blur and exposure on a photo's luminance (the technical half of a photo curator's quality score).
package enum QualityMeter {
    /// Edges must cover at least this many pixels before blur is judged.
    static let minimumEdgePixels = 150

    /// Measures `plane`; `shortSide` is the photo's short side as taken, before downscaling, and `colourSpread`
    /// comes from the colour image the plane was made from.
    package static func measure(_ plane: LuminancePlane, shortSide: Int, colourSpread: Double = 255) -> QualityMeasures {
        let exposure = exposureLevels(plane)
        let field = EdgeField(plane)
        let edges = field.edges(minimumSquaredGradient: EdgeField.edgeFloor)
        // Too few clear edges to judge blur: judge it on the faint ones (a grey-on-grey sleeve's shapes, or what a
        // heavy blur left of a busy one); a frame without even those has nothing to judge.
        let judged = edges.pixels >= minimumEdgePixels ? edges : field.edges(minimumSquaredGradient: EdgeField.faintFloor)
        return QualityMeasures(
            shortSide: shortSide, sharpness: judged.pixels >= minimumEdgePixels ? judged.sharpness : nil,
            edgePixels: edges.pixels,
            edgeShare: Double(edges.pixels) / Double(max(plane.values.count, 1)), edgeContrast: edges.contrast,
            brightLevel: exposure.bright, darkLevel: exposure.dark,
            clippedHighlights: exposure.clipped, meanLevel: exposure.mean,
            colourSpread: colourSpread)
    }

    static func exposureLevels(_ plane: LuminancePlane) -> (
        bright: Int, dark: Int, clipped: Double, mean: Double
    ) {
        var histogram = [Int](repeating: 0, count: 256)
        for value in plane.values { histogram[Int(value)] += 1 }
        let total = Double(max(plane.values.count, 1))
        let clipped = histogram[250...].reduce(0, +)
        let sum = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return (
            level(histogram, below: 0.995), level(histogram, below: 0.01), Double(clipped) / total,
            Double(sum) / total
        )
    }

    /// The standard deviation of the two colour differences (blue and red minus luma), over every fourth pixel.
    package static func colourSpread(_ rgb: DecodedRGB) -> Double {
        var sums = (b: 0.0, r: 0.0, bb: 0.0, rr: 0.0)
        var count = 0.0
        rgb.pixels.withUnsafeBufferPointer { p in
            for index in stride(from: 0, to: rgb.width * rgb.height, by: 4) {
                let r = Double(p[index * 3])
                let g = Double(p[index * 3 + 1])
                let b = Double(p[index * 3 + 2])
                let luma = 0.299 * r + 0.587 * g + 0.114 * b
                sums.b += b - luma
                sums.r += r - luma
                sums.bb += (b - luma) * (b - luma)
                sums.rr += (r - luma) * (r - luma)
                count += 1
            }
        }
        guard count > 0 else { return 0 }
        let varianceB = sums.bb / count - (sums.b / count) * (sums.b / count)
        let varianceR = sums.rr / count - (sums.r / count) * (sums.r / count)
        return (max(varianceB, 0) + max(varianceR, 0)).squareRoot()
    }

    /// The level a share of a histogram's count stays under.
    static func level(_ histogram: [Int], below share: Double) -> Int {
        let wanted = Int(Double(histogram.reduce(0, +)) * share)
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if seen > wanted { return level }
        }
        return 255
    }

    /// The median of non-negative values, through a histogram of `scale` bins per unit (values above 1000 share one).
    static func median(_ values: [Float], scale: Float) -> Float {
        let bins = Int(1000 * scale) + 1
        var histogram = [Int](repeating: 0, count: bins)
        for value in values { histogram[min(Int(value * scale), bins - 1)] += 1 }
        var seen = 0
        for (bin, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= values.count { return Float(bin) / scale }
        }
        return Float(bins - 1) / scale
    }
}
