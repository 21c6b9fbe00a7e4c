import Foundation

/// A cover's outline in an image: corners top-left, top-right, bottom-right, bottom-left.
struct Quad: Sendable, Equatable {
    var corners: [SIMD2<Float>]

    /// A rectangle `width` × `height` centred on `centre`, turned by `radians`.
    init(centre: SIMD2<Float>, width: Float, height: Float, radians: Float) {
        let c = cos(radians)
        let s = sin(radians)
        let unit: [(Float, Float)] = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        corners = unit.map { u, v in
            let x = u * width
            let y = v * height
            return centre + SIMD2(x * c - y * s, x * s + y * c)
        }
    }

    init(corners: [SIMD2<Float>]) { self.corners = corners }

    /// The mean length of the top and bottom edges.
    var width: Float {
        (Self.length(corners[1] - corners[0]) + Self.length(corners[2] - corners[3])) / 2
    }

    /// The mean length of the left and right edges.
    var height: Float {
        (Self.length(corners[3] - corners[0]) + Self.length(corners[2] - corners[1])) / 2
    }

    /// How many quarter turns clockwise (0-3) the quad's top edge is nearest to: 1 when it points down the image.
    var quarterTurns: Int {
        let edge = corners[1] - corners[0]
        let quarters = Int((atan2(edge.y, edge.x) / (Float.pi / 2)).rounded())
        return (quarters % 4 + 4) % 4
    }

    /// The quad with every coordinate multiplied by `factor`.
    func scaled(by factor: Float) -> Quad { Quad(corners: corners.map { $0 * factor }) }

    private static func length(_ v: SIMD2<Float>) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }
}

/// The projective map from the unit square (u, v in 0...1) onto a quad (Heckbert's closed form).
struct Homography: Sendable {
    let a, b, c, d, e, f, g, h: Float

    init(unitSquareTo quad: Quad) {
        let p = quad.corners
        let dx1 = p[1].x - p[2].x
        let dx2 = p[3].x - p[2].x
        let dx3 = p[0].x - p[1].x + p[2].x - p[3].x
        let dy1 = p[1].y - p[2].y
        let dy2 = p[3].y - p[2].y
        let dy3 = p[0].y - p[1].y + p[2].y - p[3].y
        let den = dx1 * dy2 - dx2 * dy1
        if abs(den) < 1e-9 || (abs(dx3) < 1e-9 && abs(dy3) < 1e-9) {
            (g, h) = (0, 0)
        } else {
            g = (dx3 * dy2 - dx2 * dy3) / den
            h = (dx1 * dy3 - dx3 * dy1) / den
        }
        a = p[1].x - p[0].x + g * p[1].x
        b = p[3].x - p[0].x + h * p[3].x
        c = p[0].x
        d = p[1].y - p[0].y + g * p[1].y
        e = p[3].y - p[0].y + h * p[3].y
        f = p[0].y
    }

    /// The image position of the unit-square point (u, v).
    func map(_ u: Float, _ v: Float) -> SIMD2<Float> {
        let r = 1 / (g * u + h * v + 1)  // one division per point: this runs for every sample of every comparison
        return SIMD2((a * u + b * v + c) * r, (d * u + e * v + f) * r)
    }
}
