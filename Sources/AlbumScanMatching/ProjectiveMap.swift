/// A general 3 × 3 homography (h33 = 1), fitted to point correspondences.
///
/// RANSAC fits thousands of these per comparison, so a fit allocates nothing: the normal equations and their solution
/// live in fixed-size vectors (the sums are the same, term for term and in the same order, as with arrays).
struct ProjectiveMap: Sendable {
    /// Row-major h11...h32; h33 is 1.
    var h: SIMD8<Float>

    /// The image of `p`; nil at or behind the horizon.
    func map(_ p: SIMD2<Float>) -> SIMD2<Float>? {
        let w = h[6] * p.x + h[7] * p.y + 1
        guard w > 1e-6 else { return nil }
        return SIMD2((h[0] * p.x + h[1] * p.y + h[2]) / w, (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }

    /// The least-squares map from `from` to `to` (four or more pairs; exact for four); nil when degenerate.
    /// Points are centred and scaled first so the normal equations stay well conditioned in Float.
    static func fit<Points: RandomAccessCollection<SIMD2<Float>>>(from: Points, to: Points) -> ProjectiveMap? {
        guard from.count >= 4, from.count == to.count else { return nil }
        let a = normaliser(from)
        let b = normaliser(to)
        // Accumulate the 8 × 8 normal equations in Double, a row of the matrix per vector.
        var m = NormalEquations()
        for (source, target) in zip(from, to) {
            let p = a(source)
            let q = b(target)
            let (x, y, u, w) = (Double(p.x), Double(p.y), Double(q.x), Double(q.y))
            m.add(SIMD8(x, y, 1, 0, 0, 0, -u * x, -u * y), target: u)
            m.add(SIMD8(0, 0, 0, x, y, 1, -w * x, -w * y), target: w)
        }
        guard let solution = m.solved() else { return nil }
        // H = B⁻¹ · Hn · A, with A and B the similarity normalisers.
        let hn = Matrix3(
            rows: SIMD3(solution[0], solution[1], solution[2]), SIMD3(solution[3], solution[4], solution[5]),
            SIMD3(solution[6], solution[7], 1))
        let full = Matrix3(inverseOf: b).times(hn.times(Matrix3(of: a)))
        let scale = full.rows.2[2]
        guard abs(scale) > 1e-12 else { return nil }
        let (top, middle, bottom) = full.rows
        return ProjectiveMap(
            h: SIMD8(
                Float(top[0] / scale), Float(top[1] / scale), Float(top[2] / scale), Float(middle[0] / scale),
                Float(middle[1] / scale), Float(middle[2] / scale), Float(bottom[0] / scale), Float(bottom[1] / scale)))
    }

    /// The 8 × 8 normal equations `rows · h = v` of a least-squares fit, and their solution.
    private struct NormalEquations {
        var rows = (
            SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>(),
            SIMD8<Double>(), SIMD8<Double>(), SIMD8<Double>()
        )
        var v = SIMD8<Double>()

        /// Adds one equation `row · h = target`: `v += row × target`, `m[r] += row[r] × row`.
        mutating func add(_ row: SIMD8<Double>, target: Double) {
            v += row * target
            rows.0 += row[0] * row
            rows.1 += row[1] * row
            rows.2 += row[2] * row
            rows.3 += row[3] * row
            rows.4 += row[4] * row
            rows.5 += row[5] * row
            rows.6 += row[6] * row
            rows.7 += row[7] * row
        }

        /// Gaussian elimination with partial pivoting; nil when singular.
        func solved() -> SIMD8<Double>? {
            var b = v
            return withUnsafeTemporaryAllocation(of: SIMD8<Double>.self, capacity: 8) { a -> SIMD8<Double>? in
                a.initialize(repeating: SIMD8())
                (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]) = rows
                for col in 0..<8 {
                    var pivot = col
                    for r in (col + 1)..<8 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
                    guard abs(a[pivot][col]) > 1e-10 else { return nil }
                    if pivot != col {
                        a.swapAt(col, pivot)
                        (b[col], b[pivot]) = (b[pivot], b[col])
                    }
                    for r in (col + 1)..<8 {
                        let factor = a[r][col] / a[col][col]
                        guard factor != 0 else { continue }
                        for c in col..<8 { a[r][c] -= factor * a[col][c] }
                        b[r] -= factor * b[col]
                    }
                }
                var x = SIMD8<Double>()
                for r in stride(from: 7, through: 0, by: -1) {
                    var sum = b[r]
                    for c in (r + 1)..<8 { sum -= a[r][c] * x[c] }
                    x[r] = sum / a[r][r]
                }
                return x
            }
        }
    }

    /// A 3 × 3 matrix by rows.
    private struct Matrix3 {
        var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

        init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { rows = (r0, r1, r2) }

        init(of s: Similarity) {
            let k = Double(s.scale)
            self.init(rows: SIMD3(k, 0, -k * Double(s.centre.x)), SIMD3(0, k, -k * Double(s.centre.y)), SIMD3(0, 0, 1))
        }

        init(inverseOf s: Similarity) {
            let k = 1 / Double(s.scale)
            self.init(rows: SIMD3(k, 0, Double(s.centre.x)), SIMD3(0, k, Double(s.centre.y)), SIMD3(0, 0, 1))
        }

        /// `self · other`, each entry summed from zero over k = 0, 1, 2 in turn.
        func times(_ other: Matrix3) -> Matrix3 {
            let (o0, o1, o2) = other.rows
            func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
                var out = SIMD3<Double>()
                out += r[0] * o0
                out += r[1] * o1
                out += r[2] * o2
                return out
            }
            return Matrix3(rows: row(rows.0), row(rows.1), row(rows.2))
        }
    }

    private struct Similarity {
        var centre: SIMD2<Float>
        var scale: Float
        func callAsFunction(_ p: SIMD2<Float>) -> SIMD2<Float> { (p - centre) * scale }
    }

    private static func normaliser<Points: RandomAccessCollection<SIMD2<Float>>>(_ points: Points) -> Similarity {
        let centre = points.reduce(SIMD2<Float>(), +) / Float(points.count)
        let spread =
            points.reduce(Float(0)) { total, p in
                let d = p - centre
                return total + (d.x * d.x + d.y * d.y).squareRoot()
            } / Float(points.count)
        let scale = spread > 1e-9 ? 1.4142135 / spread : 1
        return Similarity(centre: centre, scale: scale)
    }
}
