import Foundation

/// Stage 1 of matching: where might the cover be? An exhaustive coarse search over scale, rotation and position.
enum CoverSearch {
    /// A placement of the cover in the working photo, with the gradient correlation that found it.
    struct Hypothesis: Sendable {
        var quad: Quad
        var score: Float
    }

    /// Template samples across the cover at this stage.
    static let grid = 16
    // At 16 samples a 4° turn moves a corner by about one sample, so three angles cover ±6°.
    static let degrees: [Float] = [-4, 0, 4]
    static let scaleSteps = 9

    /// The best `keep` distinct placements of a cover with luma `template` and `aspect` in the photo `luma`.
    static func hypotheses(photo luma: GrayPlane, template: GrayPlane, aspect: Float, keep: Int = 3) -> [Hypothesis] {
        let t = template.resized(width: grid, height: grid).gradients()
        let tNorm = zip(t.x.values, t.y.values).reduce(Float(0)) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }.squareRoot()
        guard tNorm > 0 else { return [] }
        let largest = 1.05 * min(Float(luma.width), Float(luma.height) * aspect)
        // Each scale's placements, the scales on two threads, joined in scale order.
        let found = TwoThreads.map(Array(0..<scaleSteps)) { step -> [(score: Float, width: Float, quad: Quad)] in
            let width = largest * pow(0.45, Float(step) / Float(scaleSteps - 1))
            let factor = Float(grid) / width
            let photo = luma.resized(
                width: Int((Float(luma.width) * factor).rounded()), height: Int((Float(luma.height) * factor).rounded()))
            let p = photo.gradients()
            return degrees.flatMap { angle in
                slide(t, p, aspect: aspect, radians: angle * .pi / 180, norm: tNorm).map { score, centre in
                    let quad = Quad(centre: centre / factor, width: width, height: width / aspect, radians: angle * .pi / 180)
                    return (score, width, quad)
                }
            }
        }.flatMap { $0 }
        var kept: [Hypothesis] = []
        for candidate in found.sorted(by: { $0.score > $1.score }) where kept.count < keep {
            let centre = candidate.quad.corners.reduce(SIMD2<Float>(0, 0), +) / 4
            let distinct = kept.allSatisfy { other in
                let otherCentre = other.quad.corners.reduce(SIMD2<Float>(0, 0), +) / 4
                let gap = centre - otherCentre
                let ratio = candidate.width / other.quad.width
                return (gap.x * gap.x + gap.y * gap.y).squareRoot() > candidate.width / 6 || ratio < 0.85 || ratio > 1.18
            }
            if distinct { kept.append(Hypothesis(quad: candidate.quad, score: candidate.score)) }
        }
        return kept
    }

    /// The best centre (photo pixels at this scale) for one rotation, one per row of centres to keep the list short.
    private static func slide(
        _ t: (x: GrayPlane, y: GrayPlane), _ p: (x: GrayPlane, y: GrayPlane), aspect: Float, radians: Float, norm: Float
    ) -> [(Float, SIMD2<Float>)] {
        let c = cos(radians)
        let s = sin(radians)
        var dx: [Int] = []
        var dy: [Int] = []
        for j in 0..<grid {
            for i in 0..<grid {
                let u = Float(i) + 0.5 - Float(grid) / 2
                let v = (Float(j) + 0.5 - Float(grid) / 2) / aspect
                dx.append(Int((u * c - v * s).rounded(.down)))
                dy.append(Int((u * s + v * c).rounded(.down)))
            }
        }
        let w = p.x.width
        let h = p.x.height
        let halfW = grid / 2
        let halfH = Int((Float(grid) / aspect / 2).rounded())
        guard w >= halfW, h >= halfH else { return [] }
        var best: [(Float, SIMD2<Float>)] = []
        p.x.values.withUnsafeBufferPointer { px in
            p.y.values.withUnsafeBufferPointer { py in
                t.x.values.withUnsafeBufferPointer { tx in
                    t.y.values.withUnsafeBufferPointer { ty in
                        for cy in max(halfH - 2, 0)...max(h - halfH + 2, 0) {
                            var rowBest: (Float, SIMD2<Float>) = (-2, .zero)
                            for cx in max(halfW - 2, 0)...max(w - halfW + 2, 0) {
                                var dot: Float = 0
                                var energy: Float = 0
                                for k in 0..<dx.count {
                                    let x = min(max(cx + dx[k], 0), w - 1)
                                    let y = min(max(cy + dy[k], 0), h - 1)
                                    let gx = px[y * w + x]
                                    let gy = py[y * w + x]
                                    dot += tx[k] * gx + ty[k] * gy
                                    energy += gx * gx + gy * gy
                                }
                                let score = dot / (norm * energy.squareRoot() + 1e-3)
                                if score > rowBest.0 { rowBest = (score, SIMD2(Float(cx), Float(cy))) }
                            }
                            best.append(rowBest)
                        }
                    }
                }
            }
        }
        return best
    }
}
