/// A general 3 × 3 homography (h33 = 1), fitted to point correspondences.
struct ProjectiveMap: Sendable {
    /// Row-major h11...h32; h33 is 1.
    var h: [Float]

    /// The image of `p`; nil at or behind the horizon.
    func map(_ p: SIMD2<Float>) -> SIMD2<Float>? {
        let w = h[6] * p.x + h[7] * p.y + 1
        guard w > 1e-6 else { return nil }
        return SIMD2((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }

    /// The least-squares map from `from` to `to` (four or more pairs; exact for four); nil when degenerate.
    /// Points are centred and scaled first so the normal equations stay well conditioned in Float.
    static func fit(from: [SIMD2<Float>], to: [SIMD2<Float>]) -> ProjectiveMap? {
        guard from.count >= 4, from.count == to.count else { return nil }
        let a = normaliser(from)
        let b = normaliser(to)
        // Accumulate the 8 × 8 normal equations in Double.
        var m = [Double](repeating: 0, count: 64)
        var v = [Double](repeating: 0, count: 8)
        for index in from.indices {
            let p = a(from[index])
            let q = b(to[index])
            let (x, y, u, w) = (Double(p.x), Double(p.y), Double(q.x), Double(q.y))
            let rows: [([Double], Double)] = [
                ([x, y, 1, 0, 0, 0, -u * x, -u * y], u),
                ([0, 0, 0, x, y, 1, -w * x, -w * y], w),
            ]
            for (row, target) in rows {
                for r in 0..<8 {
                    v[r] += row[r] * target
                    for c in 0..<8 { m[r * 8 + c] += row[r] * row[c] }
                }
            }
        }
        guard let solution = solve(m, v) else { return nil }
        // H = B⁻¹ · Hn · A, with A and B the similarity normalisers.
        let hn = solution + [1]
        let ma = matrix(of: a)
        let mbInv = matrix(ofInverse: b)
        let full = multiply(mbInv, multiply(hn, ma))
        guard abs(full[8]) > 1e-12 else { return nil }
        return ProjectiveMap(h: (0..<8).map { Float(full[$0] / full[8]) })
    }

    private struct Similarity {
        var centre: SIMD2<Float>
        var scale: Float
        func callAsFunction(_ p: SIMD2<Float>) -> SIMD2<Float> { (p - centre) * scale }
    }

    private static func normaliser(_ points: [SIMD2<Float>]) -> Similarity {
        let centre = points.reduce(SIMD2<Float>(), +) / Float(points.count)
        let spread = points.reduce(Float(0)) { total, p in
            let d = p - centre
            return total + (d.x * d.x + d.y * d.y).squareRoot()
        } / Float(points.count)
        let scale = spread > 1e-9 ? 1.4142135 / spread : 1
        return Similarity(centre: centre, scale: scale)
    }

    private static func matrix(of s: Similarity) -> [Double] {
        let k = Double(s.scale)
        return [k, 0, -k * Double(s.centre.x), 0, k, -k * Double(s.centre.y), 0, 0, 1]
    }

    private static func matrix(ofInverse s: Similarity) -> [Double] {
        let k = 1 / Double(s.scale)
        return [k, 0, Double(s.centre.x), 0, k, Double(s.centre.y), 0, 0, 1]
    }

    private static func multiply(_ x: [Double], _ y: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: 9)
        for r in 0..<3 { for c in 0..<3 { for k in 0..<3 { out[r * 3 + c] += x[r * 3 + k] * y[k * 3 + c] } } }
        return out
    }

    /// Gaussian elimination with partial pivoting on an n × n system.
    private static func solve(_ matrix: [Double], _ vector: [Double]) -> [Double]? {
        let n = vector.count
        var a = matrix
        var b = vector
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            guard abs(a[pivot * n + col]) > 1e-10 else { return nil }
            if pivot != col {
                for c in 0..<n { a.swapAt(col * n + c, pivot * n + c) }
                b.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let factor = a[r * n + col] / a[col * n + col]
                guard factor != 0 else { continue }
                for c in col..<n { a[r * n + c] -= factor * a[col * n + c] }
                b[r] -= factor * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[r]
            for c in (r + 1)..<n { sum -= a[r * n + c] * x[c] }
            x[r] = sum / a[r * n + r]
        }
        return x
    }
}
