import CMatchingKernels

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
        guard photo.count > 0, cover.count >= 2 else { return [] }
        var nearest = [Int32](repeating: -1, count: photo.count)
        var first = [Float](repeating: .infinity, count: photo.count)
        var second = [Float](repeating: .infinity, count: photo.count)
        albumscan_nearest_two(
            photo.floatDescriptors(), photo.count, cover.floatDescriptors(), cover.count, &nearest, &first, &second)
        var best = [Int](repeating: -1, count: cover.count)
        var bestDistance = [Float](repeating: .infinity, count: cover.count)
        var claims: [(photo: Int, cover: Int, distance: Float)] = []
        for i in 0..<photo.count {
            // Squared distances, so the ratio is squared too.
            let (index, distance) = (Int(nearest[i]), first[i])
            guard index >= 0, distance < ratio * ratio * second[i] else { continue }
            claims.append((i, index, distance))
            if distance < bestDistance[index] {
                bestDistance[index] = distance
                best[index] = i
            }
        }
        return claims.filter { best[$0.cover] == $0.photo }.map {
            Pair(cover: cover.points[$0.cover], photo: photo.points[$0.photo])
        }
    }
}
