/// Measures blur and exposure on a photo's luminance (the technical half of a photo curator's quality score).
package enum QualityMeter {
    /// Edges must cover at least this many pixels before blur is judged.
    static let minimumEdgePixels = 150

    /// Measures `plane`; `shortSide` is the photo's short side as taken, before downscaling.
    package static func measure(_ plane: LuminancePlane, shortSide: Int) -> QualityMeasures {
        let exposure = exposureLevels(plane)
        let edges = edgeEnergy(plane)
        return QualityMeasures(
            shortSide: shortSide, sharpness: edges.pixels >= minimumEdgePixels ? edges.sharpness : nil,
            edgePixels: edges.pixels,
            edgeShare: Double(edges.pixels) / Double(max(plane.values.count, 1)), edgeContrast: edges.contrast,
            brightLevel: exposure.bright, darkLevel: exposure.dark,
            clippedHighlights: exposure.clipped, meanLevel: exposure.mean)
    }

    static func exposureLevels(_ plane: LuminancePlane) -> (bright: Int, dark: Int, clipped: Double, mean: Double) {
        var histogram = [Int](repeating: 0, count: 256)
        for value in plane.values { histogram[Int(value)] += 1 }
        let total = max(plane.values.count, 1)
        let clipped = histogram[250...].reduce(0, +)
        let sum = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return (
            level(histogram, below: 0.995), level(histogram, below: 0.01), Double(clipped) / Double(total),
            Double(sum) / Double(total)
        )
    }

    // The variance of the Laplacian, judged only where edges are, and divided by those edges' gradient energy:
    // a plain sleeve with a line of sharp text scores as sharp as a busy one, and contrast cancels out. Noise
    // (estimated from the median Laplacian and gradient, which flat areas dominate) is taken out of both sums.
    static func edgeEnergy(_ plane: LuminancePlane) -> (sharpness: Double, pixels: Int, contrast: Int) {
        let w = plane.width
        let h = plane.height
        guard w >= 8, h >= 8 else { return (0, 0, 0) }
        let s = smoothed(plane)
        var laplacians = [Float](repeating: 0, count: w * h)
        var gradients = [Float](repeating: 0, count: w * h)
        s.withUnsafeBufferPointer { s in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    let gx = (s[i + 1] - s[i - 1]) * 0.5
                    let gy = (s[i + w] - s[i - w]) * 0.5
                    gradients[i] = gx * gx + gy * gy
                    laplacians[i] = s[i + 1] + s[i - 1] + s[i + w] + s[i - w] - 4 * s[i]
                }
            }
        }
        let noiseGradient = median(gradients, scale: 4)
        let lapNoise = median(laplacians.map { $0 * $0 }, scale: 16)
        let threshold = max(Float(36), 9 * noiseGradient)
        var lapSum = 0.0
        var gradientSum = 0.0
        var pixels = 0
        var contrasts = [Int](repeating: 0, count: 256)
        plane.values.withUnsafeBufferPointer { levels in
            for y in 2..<(h - 2) {
                for x in 2..<(w - 2) {
                    let i = y * w + x
                    guard gradients[i] >= threshold else { continue }
                    lapSum += Double(laplacians[i] * laplacians[i])
                    gradientSum += Double(gradients[i])
                    pixels += 1
                    let a = levels[i - 2]
                    let b = levels[i + 2]
                    let c = levels[i - 2 * w]
                    let d = levels[i + 2 * w]
                    contrasts[Int(max(a, b, c, d) - min(a, b, c, d))] += 1
                }
            }
        }
        // For Gaussian noise the median of a squared value is 0.455 of its mean (one degree of freedom), and of a
        // squared gradient magnitude 0.693 of its mean (two).
        let lapNoiseVariance = Double(lapNoise) / 0.455
        let gradientNoiseVariance = Double(noiseGradient) / 0.693
        let signal = max(lapSum - Double(pixels) * lapNoiseVariance, 0)
        let energy = max(gradientSum - Double(pixels) * gradientNoiseVariance, 1)
        return (pixels > 0 ? signal / energy : 0, pixels, level(contrasts, below: 0.98))
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

    /// A separable [1 4 6 4 1] / 16 blur (σ ≈ 1 px): damps sensor noise and JPEG ringing, keeps real edges.
    static func smoothed(_ plane: LuminancePlane) -> [Float] {
        let w = plane.width
        let h = plane.height
        let source = plane.values.map(Float.init)
        var across = source
        for y in 0..<h {
            let row = y * w
            for x in 2..<(w - 2) {
                let i = row + x
                across[i] = (source[i - 2] + 4 * source[i - 1] + 6 * source[i] + 4 * source[i + 1] + source[i + 2]) / 16
            }
        }
        var result = across
        for y in 2..<(h - 2) {
            for x in 0..<w {
                let i = y * w + x
                result[i] = (across[i - 2 * w] + 4 * across[i - w] + 6 * across[i] + 4 * across[i + w] + across[i + 2 * w]) / 16
            }
        }
        return result
    }
}
