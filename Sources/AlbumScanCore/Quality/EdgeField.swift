/// The gradients and Laplacians of a lightly smoothed luminance plane, and the noise level under them: what the
/// blur measure works from.
struct EdgeField {
    /// What the edges above a gradient floor add up to.
    struct Edges {
        /// The Laplacian's energy and the gradient's energy on these edges, noise taken out of both (see `edges`).
        var signal: Double
        var energy: Double
        var pixels: Int
        /// The level difference across 4 px that 98% of these edges stay under (edges in the left-out box aside).
        var contrast: Int

        /// The variance of the Laplacian over the gradient energy; 0 without edges.
        var sharpness: Double { pixels > 0 ? signal / max(energy, 1) : 0 }
    }

    /// A rectangle of pixels, bounds included.
    struct Box: Equatable {
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int

        func contains(x: Int, y: Int) -> Bool { x >= left && x <= right && y >= top && y <= bottom }
    }

    /// The squared gradient (levels per pixel, squared) a clear edge has at least: a step of about 18 levels.
    static let edgeFloor: Float = 36
    /// The floor for faint edges: a step of about 7 levels, still well above sensor noise once smoothed.
    static let faintFloor: Float = 6

    let plane: LuminancePlane
    /// Per pixel, the squared gradient and the Laplacian of the smoothed plane; 0 on the 1-pixel border.
    let gradients: [Float]
    let laplacians: [Float]
    /// The median squared gradient and squared Laplacian: flat areas dominate both, so they measure the noise.
    let noiseGradient: Float
    let noiseLaplacian: Float

    init(_ plane: LuminancePlane) {
        self.plane = plane
        let count = plane.width * plane.height
        var gradientBins = QualityMeter.MedianHistogram(scale: 4)
        var laplacianBins = QualityMeter.MedianHistogram(scale: 16)
        var laplacians: [Float] = []
        // Every element of both arrays is written by `differentiate`.
        gradients = [Float](unsafeUninitializedCapacity: count) { gradients, gradientCount in
            laplacians = [Float](unsafeUninitializedCapacity: count) { laplacians, laplacianCount in
                Self.differentiate(
                    plane, gradients: gradients, laplacians: laplacians, gradientBins: &gradientBins,
                    laplacianBins: &laplacianBins)
                laplacianCount = count
            }
            gradientCount = count
        }
        self.laplacians = laplacians
        noiseGradient = gradientBins.median
        noiseLaplacian = laplacianBins.median
    }

    // The variance of the Laplacian, judged only where edges are, and divided by those edges' gradient energy:
    // a plain sleeve with a line of sharp text scores as sharp as a busy one, and contrast cancels out. Noise is
    // taken out of both sums, and the floor rises with it (nine times the median gradient).
    // The contrasts of edges inside `ignoringContrastIn` are not counted (a glare spot's rim: see
    // `QualityMeter.glareSpot`).
    func edges(minimumSquaredGradient floor: Float, ignoringContrastIn box: Box? = nil) -> Edges {
        let w = plane.width
        let h = plane.height
        guard w >= 8, h >= 8 else { return Edges(signal: 0, energy: 0, pixels: 0, contrast: 0) }
        let threshold = max(floor, 9 * noiseGradient)
        var contrasts = [Int](repeating: 0, count: 256)
        let (lapSum, gradientSum, pixels) = gradients.withUnsafeBufferPointer { gradients in
            laplacians.withUnsafeBufferPointer { laplacians in
                plane.values.withUnsafeBufferPointer { levels in
                    contrasts.withUnsafeMutableBufferPointer { contrasts in
                        Self.edgeSums(
                            gradients: gradients.baseAddress!, laplacians: laplacians.baseAddress!,
                            levels: levels.baseAddress!, width: w, height: h, threshold: threshold,
                            contrasts: contrasts.baseAddress!, ignoring: box)
                    }
                }
            }
        }
        // For Gaussian noise the median of a squared value is 0.455 of its mean (one degree of freedom), and of a
        // squared gradient magnitude 0.693 of its mean (two).
        let lapNoiseVariance = Double(noiseLaplacian) / 0.455
        let gradientNoiseVariance = Double(noiseGradient) / 0.693
        return Edges(
            signal: max(lapSum - Double(pixels) * lapNoiseVariance, 0),
            energy: max(gradientSum - Double(pixels) * gradientNoiseVariance, 0), pixels: pixels,
            contrast: QualityMeter.level(contrasts, below: 0.98))
    }

    /// The sums over the pixels at least 2 px inside whose squared gradient reaches `threshold`, row by row, left to
    /// right, and their contrasts across 4 px counted in `contrasts` (but for those inside `ignoring`).
    private static func edgeSums(
        gradients: UnsafePointer<Float>, laplacians: UnsafePointer<Float>, levels: UnsafePointer<UInt8>, width w: Int,
        height h: Int, threshold: Float, contrasts: UnsafeMutablePointer<Int>, ignoring box: Box?
    ) -> (lap: Double, gradient: Double, pixels: Int) {
        var lapSum = 0.0
        var gradientSum = 0.0
        var pixels = 0
        let columns = UnsafeMutablePointer<Int>.allocate(capacity: w)
        defer { columns.deallocate() }
        for y in 2..<(h - 2) {
            let row = y * w
            // The row's edge columns first, without a branch per pixel: edges come and go too irregularly to predict.
            var count = 0
            for x in 2..<(w - 2) {
                columns[count] = x
                count &+= Int(unsafeBitCast(gradients[row + x] >= threshold, to: UInt8.self))
            }
            let rowInBox = box.map { y >= $0.top && y <= $0.bottom } ?? false
            for k in 0..<count {
                let i = row + columns[k]
                lapSum += Double(laplacians[i] * laplacians[i])
                gradientSum += Double(gradients[i])
                if rowInBox, let box, box.contains(x: columns[k], y: y) { continue }
                let a = levels[i - 2]
                let b = levels[i + 2]
                let c = levels[i - 2 * w]
                let d = levels[i + 2 * w]
                contrasts[Int(max(a, b, c, d) - min(a, b, c, d))] += 1
            }
            pixels += count
        }
        return (lapSum, gradientSum, pixels)
    }

    /// Writes every pixel's squared gradient and Laplacian of the smoothed plane (0 on the 1-pixel border, and
    /// everywhere on a plane under 8 px a side), and counts the squared gradients and squared Laplacians.
    ///
    /// The plane is smoothed (see `smoothAcross` and `smoothDown`) a row at a time, just ahead of the row being
    /// differentiated: only the 5 rows the vertical blur reads and the 3 smoothed rows the derivatives read are
    /// kept, in rings of rows, instead of whole smoothed planes.
    static func differentiate(
        _ plane: LuminancePlane, gradients: UnsafeMutableBufferPointer<Float>, laplacians: UnsafeMutableBufferPointer<Float>,
        gradientBins: inout QualityMeter.MedianHistogram, laplacianBins: inout QualityMeter.MedianHistogram
    ) {
        let w = plane.width
        let h = plane.height
        guard w >= 8, h >= 8 else {
            gradients.initialize(repeating: 0)
            laplacians.initialize(repeating: 0)
            gradientBins.add(zeros: w * h)
            laplacianBins.add(zeros: w * h)
            return
        }
        let gradients = gradients.baseAddress!
        let laplacians = laplacians.baseAddress!
        gradients.initialize(repeating: 0, count: w)
        laplacians.initialize(repeating: 0, count: w)
        (gradients + (h - 1) * w).initialize(repeating: 0, count: w)
        (laplacians + (h - 1) * w).initialize(repeating: 0, count: w)
        let border = w * h - (w - 2) * (h - 2)
        gradientBins.add(zeros: border)
        laplacianBins.add(zeros: border)
        let rings = UnsafeMutablePointer<Float>.allocate(capacity: 9 * w)
        defer { rings.deallocate() }
        // Row y blurred across sits in slot y % 5 of the first ring, row y smoothed in slot y % 3 of the second;
        // the last slot holds the levels being blurred across.
        func across(_ y: Int) -> UnsafeMutablePointer<Float> { rings + (y % 5) * w }
        func smooth(_ y: Int) -> UnsafeMutablePointer<Float> { rings + (5 + y % 3) * w }
        let floats = rings + 8 * w
        plane.values.withUnsafeBufferPointer { levels in
            let levels = levels.baseAddress!
            smoothAcross(levels, floats: floats, into: across(0), width: w)
            smoothAcross(levels + w, floats: floats, into: across(1), width: w)
            for y in 0..<h {
                if y + 2 < h { smoothAcross(levels + (y + 2) * w, floats: floats, into: across(y + 2), width: w) }
                if y < 2 || y >= h - 2 {
                    // The 2-row border stays as blurred across.
                    smooth(y).update(from: across(y), count: w)
                } else {
                    smoothDown(
                        across(y - 2), across(y - 1), across(y), across(y + 1), across(y + 2), into: smooth(y), width: w)
                }
                guard y >= 2 else { continue }
                let row = (y - 1) * w
                differentiateRow(
                    above: smooth(y - 2), smooth(y - 1), below: smooth(y), gradients: gradients + row,
                    laplacians: laplacians + row, width: w)
                gradientBins.add(UnsafeBufferPointer(start: gradients + row + 1, count: w - 2))
                laplacianBins.add(UnsafeBufferPointer(start: laplacians + row + 1, count: w - 2), squared: true)
            }
        }
    }

    /// One row of a separable [1 4 6 4 1] / 16 blur (σ ≈ 1 px), across: damps sensor noise and JPEG ringing, keeps
    /// real edges. The 2 pixels at either end keep their level. `levels` are converted once, into `floats`.
    static func smoothAcross(
        _ levels: UnsafePointer<UInt8>, floats: UnsafeMutablePointer<Float>, into row: UnsafeMutablePointer<Float>,
        width w: Int
    ) {
        for x in 0..<w { floats[x] = Float(levels[x]) }
        row[0] = floats[0]
        row[1] = floats[1]
        row[w - 2] = floats[w - 2]
        row[w - 1] = floats[w - 1]
        for x in 2..<(w - 2) {
            row[x] = (floats[x - 2] + 4 * floats[x - 1] + 6 * floats[x] + 4 * floats[x + 1] + floats[x + 2]) / 16
        }
    }

    /// One row of the same blur, down: row y from the rows y - 2 ... y + 2 blurred across.
    static func smoothDown(
        _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafePointer<Float>, _ d: UnsafePointer<Float>,
        _ e: UnsafePointer<Float>, into row: UnsafeMutablePointer<Float>, width w: Int
    ) {
        for x in 0..<w { row[x] = (a[x] + 4 * b[x] + 6 * c[x] + 4 * d[x] + e[x]) / 16 }
    }

    /// The squared gradient and the Laplacian along one smoothed row; 0 at either end.
    static func differentiateRow(
        above: UnsafePointer<Float>, _ s: UnsafePointer<Float>, below: UnsafePointer<Float>,
        gradients: UnsafeMutablePointer<Float>, laplacians: UnsafeMutablePointer<Float>, width w: Int
    ) {
        gradients[0] = 0
        laplacians[0] = 0
        gradients[w - 1] = 0
        laplacians[w - 1] = 0
        for x in 1..<(w - 1) {
            let gx = (s[x + 1] - s[x - 1]) * 0.5
            let gy = (below[x] - above[x]) * 0.5
            gradients[x] = gx * gx + gy * gy
            laplacians[x] = s[x + 1] + s[x - 1] + below[x] + above[x] - 4 * s[x]
        }
    }
}
