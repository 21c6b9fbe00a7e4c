/// Nearest-neighbour matching of SIFT descriptors with Lowe's ratio test.
enum FeatureMatcher {
    /// A photo feature's nearest cover feature must be this much nearer (in distance) than the second nearest.
    static let ratio: Float = 0.8

    /// One correspondence: a cover point and a photo point, both in their own unit squares.
    struct Pair: Sendable {
        var cover: SIMD2<Float>
        var photo: SIMD2<Float>
    }

    /// For each photo feature, the cover feature it unambiguously matches; a cover feature claimed by several photo
    /// features keeps only the nearest, so a repeated pattern in the clutter cannot vote many times.
    static func pairs(photo: LocalFeatures, cover: LocalFeatures) -> [Pair] {
        let n = LocalFeatures.length
        guard photo.count > 0, cover.count >= 2 else { return [] }
        let p = photo.floatDescriptors()
        let c = cover.floatDescriptors()
        let coverNorms = (0..<cover.count).map { j in dot(c, j * n, c, j * n) }
        var best = [Int](repeating: -1, count: cover.count)
        var bestDistance = [Float](repeating: .infinity, count: cover.count)
        var claims: [(photo: Int, cover: Int, distance: Float)] = []
        for i in 0..<photo.count {
            let norm = dot(p, i * n, p, i * n)
            var first = (index: -1, distance: Float.infinity)
            var second = Float.infinity
            for j in 0..<cover.count {
                let distance = norm + coverNorms[j] - 2 * dot(p, i * n, c, j * n)
                if distance < first.distance {
                    second = first.distance
                    first = (j, distance)
                } else if distance < second {
                    second = distance
                }
            }
            // Squared distances, so the ratio is squared too.
            guard first.index >= 0, first.distance < ratio * ratio * second else { continue }
            claims.append((i, first.index, first.distance))
            if first.distance < bestDistance[first.index] {
                bestDistance[first.index] = first.distance
                best[first.index] = i
            }
        }
        return claims.filter { best[$0.cover] == $0.photo }.map {
            Pair(cover: cover.points[$0.cover], photo: photo.points[$0.photo])
        }
    }

    /// Dot product of two 128-float runs.
    @inline(__always)
    private static func dot(_ a: [Float], _ aStart: Int, _ b: [Float], _ bStart: Int) -> Float {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var sum = SIMD16<Float>()
                var k = 0
                while k < LocalFeatures.length {
                    let x = UnsafeRawPointer(pa.baseAddress! + aStart + k).loadUnaligned(as: SIMD16<Float>.self)
                    let y = UnsafeRawPointer(pb.baseAddress! + bStart + k).loadUnaligned(as: SIMD16<Float>.self)
                    sum += x * y
                    k += 16
                }
                return sum.sum()
            }
        }
    }
}
