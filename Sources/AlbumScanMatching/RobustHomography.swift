import Foundation

/// RANSAC over ratio-test correspondences: the homography from the cover's unit square into the photo (in photo
/// pixels) that most correspondences agree with.
enum RobustHomography {
    /// The consensus found.
    struct Fit: Sendable {
        var map: ProjectiveMap
        /// Correspondences within `tolerance` of the map.
        var inliers: [FeatureMatcher.Pair]
    }

    /// Random 4-point samples tried; enough for an inlier share of 15 % at 99 % confidence is ~9,000, so the
    /// count stops early once the consensus makes fewer enough (adaptive RANSAC).
    static let maxIterations = 4000

    /// Fits photo-pixel positions `pairs[i].photo * photoSize` to cover positions; `tolerance` in photo pixels.
    static func fit(_ pairs: [FeatureMatcher.Pair], photoSize: SIMD2<Float>, tolerance: Float) -> Fit? {
        guard pairs.count >= 6 else { return nil }
        let cover = pairs.map(\.cover)
        let photo = pairs.map { $0.photo * photoSize }
        let limit = tolerance * tolerance
        var random = SplitMix(seed: 0x5EED_C0DE)
        var best: [Int] = []
        var iterations = maxIterations
        var round = 0
        // Thousands of rounds: the sample's points live in two fixed buffers, and a consensus is listed only when it
        // beats the best so far.
        withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: 8) { buffer in
            buffer.initialize(repeating: SIMD2())
            let from = UnsafeMutableBufferPointer(rebasing: buffer[0..<4])
            let to = UnsafeMutableBufferPointer(rebasing: buffer[4..<8])
            while round < iterations {
                round += 1
                var sample = SIMD4<Int>(repeating: -1)
                var picked = 0
                while picked < 4 {
                    let pick = Int(random.next() % UInt64(pairs.count))
                    if !(0..<picked).contains(where: { sample[$0] == pick }) {
                        sample[picked] = pick
                        picked += 1
                    }
                }
                for k in 0..<4 {
                    from[k] = cover[sample[k]]
                    to[k] = photo[sample[k]]
                }
                guard sameTurns(from, to), let map = ProjectiveMap.fit(from: from, to: to), plausible(map) else { continue }
                let count = agreeing(map, cover: cover, photo: photo, limit: limit)
                guard count > best.count else { continue }
                best = consensus(map, cover: cover, photo: photo, limit: limit)
                let share = Double(count) / Double(pairs.count)
                let needed = log(0.01) / log(max(1e-9, 1 - share * share * share * share))
                iterations = min(iterations, max(200, Int(needed.rounded(.up))))
            }
        }
        guard best.count >= 4 else { return nil }
        // Two refits on the consensus: least squares on all inliers, then on the inliers of that.
        var inliers = best
        var map: ProjectiveMap?
        for _ in 0..<2 {
            guard let refit = ProjectiveMap.fit(from: inliers.map { cover[$0] }, to: inliers.map { photo[$0] }),
                plausible(refit)
            else { break }
            let next = consensus(refit, cover: cover, photo: photo, limit: limit)
            guard next.count >= inliers.count else { break }
            (map, inliers) = (refit, next)
        }
        if map == nil { map = ProjectiveMap.fit(from: best.map { cover[$0] }, to: best.map { photo[$0] }) }
        guard let map, plausible(map) else { return nil }
        return Fit(map: map, inliers: inliers.map { pairs[$0] })
    }

    /// How many correspondences lie within `limit` (squared photo pixels) of the map: `consensus(...).count`
    /// without the list.
    private static func agreeing(_ map: ProjectiveMap, cover: [SIMD2<Float>], photo: [SIMD2<Float>], limit: Float) -> Int {
        cover.indices.reduce(0) { $0 + (agrees(map, cover[$1], photo[$1], limit: limit) ? 1 : 0) }
    }

    /// The correspondences within `limit` of the map, by index.
    private static func consensus(_ map: ProjectiveMap, cover: [SIMD2<Float>], photo: [SIMD2<Float>], limit: Float)
        -> [Int]
    {
        cover.indices.filter { agrees(map, cover[$0], photo[$0], limit: limit) }
    }

    private static func agrees(_ map: ProjectiveMap, _ cover: SIMD2<Float>, _ photo: SIMD2<Float>, limit: Float) -> Bool {
        guard let p = map.map(cover) else { return false }
        let d = p - photo
        return d.x * d.x + d.y * d.y <= limit
    }

    /// The cover's outline under the map is a convex quad turning the same way, with no side under a fifth of its
    /// opposite: a printed cover, not a fold or a sliver.
    static func plausible(_ map: ProjectiveMap) -> Bool {
        guard let c0 = map.map(SIMD2(0, 0)), let c1 = map.map(SIMD2(1, 0)), let c2 = map.map(SIMD2(1, 1)),
            let c3 = map.map(SIMD2(0, 1))
        else { return false }
        let mapped = (c0, c1, c2, c3)
        func corner(_ i: Int) -> SIMD2<Float> {
            switch i % 4 {
            case 0: mapped.0
            case 1: mapped.1
            case 2: mapped.2
            default: mapped.3
            }
        }
        var sign: Float = 0
        for i in 0..<4 {
            let a = corner(i), b = corner(i + 1), c = corner(i + 2)
            let turn = cross(b - a, c - b)
            guard abs(turn) > 1e-6 else { return false }
            if sign == 0 { sign = turn.sign == .minus ? -1 : 1 }
            if (turn < 0) != (sign < 0) { return false }
        }
        guard sign > 0 else { return false }
        func side(_ i: Int) -> Float {
            let d = corner(i + 1) - corner(i)
            return (d.x * d.x + d.y * d.y).squareRoot()
        }
        let sides = (side(0), side(1), side(2), side(3))
        return min(sides.0, sides.2) * 5 > max(sides.0, sides.2) && min(sides.1, sides.3) * 5 > max(sides.1, sides.3)
    }

    /// Whether each triple of the sample turns the same way on both sides (a homography of a plane seen from its
    /// front keeps orientation) and no triple is nearly collinear.
    private static func sameTurns(
        _ from: UnsafeMutableBufferPointer<SIMD2<Float>>, _ to: UnsafeMutableBufferPointer<SIMD2<Float>>
    ) -> Bool {
        for (i, j, k) in Self.triples {
            let a = cross(from[j] - from[i], from[k] - from[i])
            let b = cross(to[j] - to[i], to[k] - to[i])
            guard abs(a) > 1e-4, a * b > 0 else { return false }
        }
        return true
    }

    private static let triples = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]

    private static func cross(_ u: SIMD2<Float>, _ v: SIMD2<Float>) -> Float { u.x * v.y - u.y * v.x }
}

/// A small deterministic generator, so a comparison's verdict never depends on the run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
