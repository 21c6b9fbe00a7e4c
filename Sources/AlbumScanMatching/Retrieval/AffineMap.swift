/// A map from cover positions to photo positions, `x' = a·x + b·y + tx`, `y' = c·x + d·y + ty`.
struct AffineMap {
    var a: Float, b: Float, c: Float, d: Float
    var t: SIMD2<Float>

    /// Scales of a cover (photo heights per cover height) a photo can show: from a cover a tenth of the frame high
    /// to one cropped at twice the frame.
    static let scales: ClosedRange<Float> = 0.1...2

    func apply(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(a * p.x + b * p.y, c * p.x + d * p.y) + t
    }

    /// The similarity taking both pairs' cover positions to their photo positions; nil when the cover positions
    /// are too close to fix a turn, or the scale is not one a photo shows.
    static func similarity(_ first: SpatialCheck.Pair, _ second: SpatialCheck.Pair) -> AffineMap? {
        let dc = second.cover - first.cover
        let dp = second.photo - first.photo
        let norm = (dc * dc).sum()
        // Closer than 3 % of the cover, a pixel of error turns the hypothesis by many degrees.
        guard norm >= 0.03 * 0.03 else { return nil }
        // dp / dc as complex numbers: the scale times the turn.
        let re = (dp.x * dc.x + dp.y * dc.y) / norm
        let im = (dp.y * dc.x - dp.x * dc.y) / norm
        guard scales.contains((re * re + im * im).squareRoot()) else { return nil }
        let t = first.photo - SIMD2(re * first.cover.x - im * first.cover.y, im * first.cover.x + re * first.cover.y)
        return AffineMap(a: re, b: -im, c: im, d: re, t: t)
    }

    /// The least-squares affine map of the pairs; nil when their cover positions are nearly collinear.
    static func fit(_ pairs: [SpatialCheck.Pair]) -> AffineMap? {
        let n = Float(pairs.count)
        let meanCover = pairs.reduce(SIMD2<Float>()) { $0 + $1.cover } / n
        let meanPhoto = pairs.reduce(SIMD2<Float>()) { $0 + $1.photo } / n
        var (sxx, sxy, syy) = (Float(0), Float(0), Float(0))
        var (ux, uy, vx, vy) = (Float(0), Float(0), Float(0), Float(0))
        for pair in pairs {
            let c = pair.cover - meanCover
            let p = pair.photo - meanPhoto
            sxx += c.x * c.x
            sxy += c.x * c.y
            syy += c.y * c.y
            ux += p.x * c.x
            uy += p.x * c.y
            vx += p.y * c.x
            vy += p.y * c.y
        }
        let det = sxx * syy - sxy * sxy
        guard det > 1e-6 * n * n else { return nil }
        let a = (ux * syy - uy * sxy) / det
        let b = (uy * sxx - ux * sxy) / det
        let c = (vx * syy - vy * sxy) / det
        let d = (vy * sxx - vx * sxy) / det
        let t = meanPhoto - SIMD2(a * meanCover.x + b * meanCover.y, c * meanCover.x + d * meanCover.y)
        return AffineMap(a: a, b: b, c: c, d: d, t: t)
    }
}
