import Foundation

/// A 3 × 3 projective map from the unit square onto four corners, and its inverse.
struct PlaneProjection {
    var m: [Double]

    /// The map taking (0,0), (1,0), (1,1), (0,1) to `corners` (Heckbert's closed form).
    init(corners p: [(Double, Double)]) {
        let dx1 = p[1].0 - p[2].0
        let dx2 = p[3].0 - p[2].0
        let dx3 = p[0].0 - p[1].0 + p[2].0 - p[3].0
        let dy1 = p[1].1 - p[2].1
        let dy2 = p[3].1 - p[2].1
        let dy3 = p[0].1 - p[1].1 + p[2].1 - p[3].1
        let den = dx1 * dy2 - dx2 * dy1
        let g = (dx3 * dy2 - dx2 * dy3) / den
        let h = (dx1 * dy3 - dx3 * dy1) / den
        m = [
            p[1].0 - p[0].0 + g * p[1].0, p[3].0 - p[0].0 + h * p[3].0, p[0].0,
            p[1].1 - p[0].1 + g * p[1].1, p[3].1 - p[0].1 + h * p[3].1, p[0].1,
            g, h, 1,
        ]
    }

    private init(matrix: [Double]) { m = matrix }

    func map(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The inverse map (adjugate; the scale of a projective matrix does not matter).
    func inverted() -> PlaneProjection {
        PlaneProjection(matrix: [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ])
    }
}

/// Separable Gaussian blur of packed RGB floats.
enum Blur {
    static func gaussian(_ pixels: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
        guard sigma > 0.2 else { return pixels }
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ source: [Double], horizontal: Bool) -> [Double] {
            var out = [Double](repeating: 0, count: source.count)
            for y in 0..<height {
                for x in 0..<width {
                    for c in 0..<3 {
                        var sum = 0.0
                        for k in -radius...radius {
                            let sx = horizontal ? min(max(x + k, 0), width - 1) : x
                            let sy = horizontal ? y : min(max(y + k, 0), height - 1)
                            sum += kernel[k + radius] * source[(sy * width + sx) * 3 + c]
                        }
                        out[(y * width + x) * 3 + c] = sum
                    }
                }
            }
            return out
        }
        return pass(pass(pixels, horizontal: true), horizontal: false)
    }
}
