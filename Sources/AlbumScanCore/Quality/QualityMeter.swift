import AlbumScanMatching
/// Measures blur and exposure on a photo's luminance (the technical half of a photo curator's quality score).
package enum QualityMeter {
    /// Edges must cover at least this many pixels before blur is judged.
    static let minimumEdgePixels = 150

    /// Measures `plane`; `shortSide` is the photo's short side as taken, before downscaling, and `colourSpread`
    /// comes from the colour image the plane was made from, as do `colour`'s planes (without them, edges that are
    /// colour alone go unseen). With `leavingOutGlare` false, a small glare spot's rim counts in the edge contrast
    /// (the check as it was before issue 41, which the bench keeps as its baseline).
    package static func measure(
        _ plane: LuminancePlane, shortSide: Int, colourSpread: Double = 255, colour: ColourPlanes? = nil,
        leavingOutGlare: Bool = true
    ) -> QualityMeasures {
        let exposure = exposureLevels(plane)
        let field = EdgeField(plane)
        let spot = leavingOutGlare && exposure.clipped > 0 ? glareSpot(plane) : nil
        let edges = field.edges(minimumSquaredGradient: EdgeField.edgeFloor, ignoringContrastIn: spot)
        // Too few clear edges to judge blur: judge it on the faint ones (a grey-on-grey sleeve's shapes, or what a
        // heavy blur left of a busy one); a frame without even those has nothing to judge.
        let judged = edges.pixels >= minimumEdgePixels ? edges : field.edges(minimumSquaredGradient: EdgeField.faintFloor)
        let pooled = colour.map { colourEdges(luma: field, clear: edges, colour: $0) }
        return QualityMeasures(
            shortSide: shortSide, sharpness: judged.pixels >= minimumEdgePixels ? judged.sharpness : nil,
            colourSharpness: pooled?.sharpness, edgePixels: edges.pixels, colourEdgePixels: pooled?.colourPixels ?? 0,
            edgeShare: Double(edges.pixels) / Double(max(plane.values.count, 1)), edgeContrast: edges.contrast,
            brightLevel: exposure.bright, darkLevel: exposure.dark,
            clippedHighlights: exposure.clipped, meanLevel: exposure.mean,
            colourSpread: colourSpread)
    }

    /// The sharpness of the edges of any colour: luma's and the two colour differences' edges pooled (the
    /// Laplacian's energy over the gradient's, summed over the three planes), and how many clear edge pixels the
    /// colour planes hold, counted at the photo's size.
    ///
    /// The colour planes are at half size, so their energies are brought to the photo's pixels: each of their pixels
    /// stands for 4, a gradient per pixel is half as large and a Laplacian a quarter. Their own smoothing then spans
    /// 2 px of the photo, so a colour edge reads about half as sharp as the same edge in luma: the pooled value errs
    /// towards blurry. As with luma alone, too few clear edges and the faint ones are judged; nil with too few of
    /// those.
    static func colourEdges(luma: EdgeField, clear: EdgeField.Edges, colour: ColourPlanes) -> (
        sharpness: Double?, colourPixels: Int
    ) {
        let fields = [EdgeField(colour.blue), EdgeField(colour.red)]
        let colourClear = fields.map { $0.edges(minimumSquaredGradient: EdgeField.edgeFloor) }
        let colourPixels = 4 * colourClear.reduce(0) { $0 + $1.pixels }
        var planes = [clear] + colourClear
        if clear.pixels + colourPixels < minimumEdgePixels {
            planes = ([luma] + fields).map { $0.edges(minimumSquaredGradient: EdgeField.faintFloor) }
        }
        let pixels = planes[0].pixels + 4 * (planes[1].pixels + planes[2].pixels)
        guard pixels >= minimumEdgePixels else { return (nil, colourPixels) }
        let signal = planes[0].signal + (planes[1].signal + planes[2].signal) / 4
        let energy = planes.reduce(0) { $0 + $1.energy }
        return (signal / max(energy, 1), colourPixels)
    }

    /// The one small glare spot of a photo, as the box of pixels whose edge contrasts say nothing of its exposure:
    /// the box around every clipped pixel (250 or above) widened by its own size on each side, or nil when the
    /// clipped pixels span more than an eighth of the short side (lettering, a bright sleeve) or there are none.
    ///
    /// Glare is light added to the photo. A broad glare adds about the same across 4 px, which leaves the cover's
    /// edge contrast alone; a small hard spot has a rim steeper than any lettering of a photo three stops under,
    /// and enough of it to set the contrast 98% of edges stay under.
    static func glareSpot(_ plane: LuminancePlane) -> EdgeField.Box? {
        let w = plane.width
        var box = EdgeField.Box(left: Int.max, top: Int.max, right: -1, bottom: -1)
        plane.values.withUnsafeBufferPointer { levels in
            for y in 0..<plane.height {
                let row = y * w
                for x in 0..<w where levels[row + x] >= 250 {
                    box.left = min(box.left, x)
                    box.right = max(box.right, x)
                    box.top = min(box.top, y)
                    box.bottom = max(box.bottom, y)
                }
            }
        }
        guard box.right >= 0 else { return nil }
        let size = max(box.right - box.left, box.bottom - box.top) + 1
        guard size * 8 <= min(w, plane.height) else { return nil }
        let margin = size + 4
        return EdgeField.Box(
            left: box.left - margin, top: box.top - margin, right: box.right + margin, bottom: box.bottom + margin)
    }

    static func exposureLevels(_ plane: LuminancePlane) -> (
        bright: Int, dark: Int, clipped: Double, mean: Double
    ) {
        let histogram = levelHistogram(plane.values)
        let total = Double(max(plane.values.count, 1))
        let clipped = histogram[250...].reduce(0, +)
        let sum = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return (
            level(histogram, below: 0.995), level(histogram, below: 0.01), Double(clipped) / total,
            Double(sum) / total
        )
    }

    /// How many of `levels` are at each level, 0 to 255. Counted in 4 lanes side by side (`level * 4 + lane`): a run
    /// of one level (a flat area) increments 4 counters in turn rather than waiting on one.
    static func levelHistogram(_ levels: [UInt8]) -> [Int] {
        var lanes = [Int](repeating: 0, count: 4 * 256)
        levels.withUnsafeBufferPointer { levels in
            lanes.withUnsafeMutableBufferPointer { lanes in
                var index = 0
                while index + 4 <= levels.count {
                    lanes[Int(levels[index]) &* 4] += 1
                    lanes[Int(levels[index + 1]) &* 4 &+ 1] += 1
                    lanes[Int(levels[index + 2]) &* 4 &+ 2] += 1
                    lanes[Int(levels[index + 3]) &* 4 &+ 3] += 1
                    index += 4
                }
                while index < levels.count {
                    lanes[Int(levels[index]) &* 4] += 1
                    index += 1
                }
            }
        }
        return (0..<256).map { lanes[4 * $0] + lanes[4 * $0 + 1] + lanes[4 * $0 + 2] + lanes[4 * $0 + 3] }
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
    struct MedianHistogram {
        let scale: Float
        let bins: Int
        /// Each bin counted in 4 lanes side by side, `bin * 4 + lane`: a run of values in one bin (a flat area)
        /// increments 4 counters in turn rather than waiting on one.
        private var lanes: [UInt32]
        private var total = 0

        init(scale: Float) {
            self.scale = scale
            bins = Int(1000 * scale) + 1
            precondition(bins < 1 << 22, "bin(_:last:) is exact below 2^23")
            lanes = [UInt32](repeating: 0, count: 4 * bins)
        }

        /// Counts each of `values`, or each one's square when `squared`.
        mutating func add(_ values: UnsafeBufferPointer<Float>, squared: Bool = false) {
            let scale = scale
            let last = Float(bins - 1)
            total += values.count
            lanes.withUnsafeMutableBufferPointer { lanes in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { chunk in
                    var start = 0
                    while start < values.count {
                        let count = min(chunk.count, values.count - start)
                        let chunkValues = UnsafeBufferPointer(rebasing: values[start..<(start + count)])
                        // The bins first, in a loop that vectorizes; then the counts, 4 lanes in turn.
                        if squared {
                            for j in 0..<count { chunk[j] = Self.bin(chunkValues[j] * chunkValues[j] * scale, last: last) }
                        } else {
                            for j in 0..<count { chunk[j] = Self.bin(chunkValues[j] * scale, last: last) }
                        }
                        var j = 0
                        while j + 4 <= count {
                            lanes[Int(chunk[j]) &* 4] += 1
                            lanes[Int(chunk[j + 1]) &* 4 &+ 1] += 1
                            lanes[Int(chunk[j + 2]) &* 4 &+ 2] += 1
                            lanes[Int(chunk[j + 3]) &* 4 &+ 3] += 1
                            j += 4
                        }
                        while j < count {
                            lanes[Int(chunk[j]) &* 4] += 1
                            j += 1
                        }
                        start += count
                    }
                }
            }
        }

        /// `min(Int(scaled), last)` for a non-negative `scaled`, without the trapping conversion (which keeps a loop
        /// from vectorizing): adding 2^23 rounds to the nearest whole number, which is then 1 too many when it
        /// rounded up. Exact for `last` < 2^22; a NaN (which the derivatives never give) lands in the last bin.
        @inline(__always)
        static func bin(_ scaled: Float, last: Float) -> Int32 {
            let clamped = scaled < last ? (scaled > 0 ? scaled : 0) : last
            let rounded = Int32(bitPattern: (clamped + 8_388_608).bitPattern) &- 0x4B00_0000
            return Float(rounded) > clamped ? rounded &- 1 : rounded
        }

        /// Counts `count` zeros.
        mutating func add(zeros count: Int) {
            total += count
            lanes[0] += UInt32(count)
        }

        var median: Float {
            var seen = 0
            for bin in 0..<bins {
                seen += Int(lanes[4 * bin]) + Int(lanes[4 * bin + 1]) + Int(lanes[4 * bin + 2]) + Int(lanes[4 * bin + 3])
                if seen * 2 >= total { return Float(bin) / scale }
            }
            return Float(bins - 1) / scale
        }
    }
}
