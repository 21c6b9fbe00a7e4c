/// The gradients and Laplacians of a lightly smoothed luminance plane, and the noise level under them: what the
/// blur measure works from.
struct EdgeField {
    /// What the edges above a gradient floor add up to.
    struct Edges {
        /// The variance of the Laplacian over the gradient energy, noise taken out (see `edges`).
        var sharpness: Double
        var pixels: Int
        /// The level difference across 4 px that 98% of these edges stay under.
        var contrast: Int
    }

    /// The squared gradient (levels per pixel, squared) a clear edge has at least: a step of about 18 levels.
    static let edgeFloor: Float = 36
    /// The floor for faint edges: a step of about 7 levels, still well above sensor noise once smoothed.
    static let faintFloor: Float = 6

    let plane: LuminancePlane
    let gradients: [Float]
    let laplacians: [Float]
    /// The median squared gradient and squared Laplacian: flat areas dominate both, so they measure the noise.
    let noiseGradient: Float
    let noiseLaplacian: Float

    init(_ plane: LuminancePlane) {
        self.plane = plane
        let w = plane.width
        let h = plane.height
        var laplacians = [Float](repeating: 0, count: w * h)
        var gradients = [Float](repeating: 0, count: w * h)
        if w >= 8, h >= 8 {
            Self.smoothed(plane).withUnsafeBufferPointer { s in
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
        }
        self.gradients = gradients
        self.laplacians = laplacians
        noiseGradient = QualityMeter.median(gradients, scale: 4)
        noiseLaplacian = QualityMeter.median(laplacians.map { $0 * $0 }, scale: 16)
    }

    // The variance of the Laplacian, judged only where edges are, and divided by those edges' gradient energy:
    // a plain sleeve with a line of sharp text scores as sharp as a busy one, and contrast cancels out. Noise is
    // taken out of both sums, and the floor rises with it (nine times the median gradient).
    func edges(minimumSquaredGradient floor: Float) -> Edges {
        let w = plane.width
        let h = plane.height
        guard w >= 8, h >= 8 else { return Edges(sharpness: 0, pixels: 0, contrast: 0) }
        let threshold = max(floor, 9 * noiseGradient)
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
        let lapNoiseVariance = Double(noiseLaplacian) / 0.455
        let gradientNoiseVariance = Double(noiseGradient) / 0.693
        let signal = max(lapSum - Double(pixels) * lapNoiseVariance, 0)
        let energy = max(gradientSum - Double(pixels) * gradientNoiseVariance, 1)
        return Edges(
            sharpness: pixels > 0 ? signal / energy : 0, pixels: pixels,
            contrast: QualityMeter.level(contrasts, below: 0.98))
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
