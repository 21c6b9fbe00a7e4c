import AlbumScanMatching
import AlbumScanCore
import Foundation

/// A simulated phone photo of a sleeve: placement, perspective and the camera's defects, each with a strength.
package struct PhoneShot: Sendable {
    package var frameWidth = 800
    package var frameHeight = 600
    /// Cover side over the frame's short side (0.6 leaves 20% margins).
    package var coverFraction = 0.9
    /// Where the cover sits in the slack, -1...1 on each axis.
    package var offset = (x: 0.0, y: 0.0)
    /// Out-of-plane tilt (perspective) and the direction of its axis.
    package var tiltDegrees = 0.0
    package var tiltDirection = 0.0
    package var rotationDegrees = 0.0
    package var brightness = 1.0
    package var cast = [1.0, 1.0, 1.0]
    /// A glare spot: position in cover fractions, radius in cover sides, peak added level.
    package var glare: (u: Double, v: Double, radius: Double, strength: Double)? = nil
    package var blurSigma = 0.0
    package var noiseSigma = 0.0
    package var jpegQuality = 90

    package init() {}

    /// Every distortion at a random strength within the limits the matcher is built for.
    package static func random(_ r: inout SeededRandom) -> PhoneShot {
        var shot = PhoneShot()
        let frames = [(800, 600), (600, 800), (720, 720), (1024, 768)]
        (shot.frameWidth, shot.frameHeight) = frames[Int(r.next() % 4)]
        shot.coverFraction = r.uniform(0.6...0.98)
        shot.offset = (r.uniform(-1...1), r.uniform(-1...1))
        shot.tiltDegrees = r.uniform(0...12)
        shot.tiltDirection = r.uniform(0...(2 * .pi))
        shot.rotationDegrees = r.uniform(-5...5)
        shot.brightness = r.uniform(0.6...1.4)
        shot.cast = (0..<3).map { _ in r.uniform(0.85...1.15) }
        if r.next() % 10 < 7 {
            shot.glare = (r.uniform(0.1...0.9), r.uniform(0.1...0.9), r.uniform(0.05...0.15), r.uniform(60...200))
        }
        shot.blurSigma = r.uniform(0...1.5)
        shot.noiseSigma = r.uniform(0...8)
        shot.jpegQuality = Int(r.uniform(60...92))
        return shot
    }

    /// The cover's corners in the frame (top-left, top-right, bottom-right, bottom-left).
    package var corners: [(Double, Double)] {
        let side = coverFraction * Double(min(frameWidth, frameHeight))
        let centre = (
            Double(frameWidth) / 2 + offset.x * (Double(frameWidth) - side) / 2,
            Double(frameHeight) / 2 + offset.y * (Double(frameHeight) - side) / 2
        )
        let focal = Double(max(frameWidth, frameHeight))
        let tilt = tiltDegrees * .pi / 180
        let spin = rotationDegrees * .pi / 180
        let axis = (cos(tiltDirection), sin(tiltDirection))
        return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { u, v in
            let x = (u * cos(spin) - v * sin(spin)) * side
            let y = (u * sin(spin) + v * cos(spin)) * side
            // Rodrigues rotation about the in-plane axis: the along-axis part stays, the rest tips out of the plane.
            let along = x * axis.0 + y * axis.1
            let across = (x - along * axis.0, y - along * axis.1)
            let px = along * axis.0 + across.0 * cos(tilt)
            let py = along * axis.1 + across.1 * cos(tilt)
            let pz = focal + (across.0 * axis.1 - across.1 * axis.0) * sin(tilt)
            return (centre.0 + focal * px / pz, centre.1 + focal * py / pz)
        }
    }

    /// The photo of `cover` over `background` (or a plain table), JPEG-coded and decoded like an upload.
    package func render(cover: DecodedRGB, background: DecodedRGB?) throws -> DecodedRGB {
        let w = frameWidth
        let h = frameHeight
        let inverse = PlaneProjection(corners: corners).inverted()
        var frame = [Double](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let (u, v) = inverse.map(Double(x) + 0.5, Double(y) + 0.5)
                var colour: [Double]
                if u >= 0, u < 1, v >= 0, v < 1 {
                    colour = Sampling.bilinear(cover, u * Double(cover.width), v * Double(cover.height))
                    if let glare {
                        let d2 = ((u - glare.u) * (u - glare.u) + (v - glare.v) * (v - glare.v)) / (glare.radius * glare.radius)
                        colour = colour.map { $0 + glare.strength * exp(-d2 / 2) }
                    }
                } else if let background {
                    colour = Sampling.bilinear(
                        background, Double(x) / Double(w) * Double(background.width),
                        Double(y) / Double(h) * Double(background.height)
                    ).map { $0 * 0.8 }
                } else {
                    colour = [96, 84, 72]
                }
                for c in 0..<3 { frame[(y * w + x) * 3 + c] = colour[c] * brightness * cast[c] }
            }
        }
        frame = Blur.gaussian(frame, width: w, height: h, sigma: blurSigma)
        var random = SeededRandom(seed: UInt64(w * 31 + h) &+ UInt64(noiseSigma * 1000))
        let pixels = frame.map { UInt8(clamping: Int(($0 + noiseSigma * random.gaussian()).rounded())) }
        let jpeg = try JPEGEncoder.encodeRGB(pixels, width: w, height: h, quality: jpegQuality)
        return try JPEGDecoder.decodeRGB(jpeg, maxSide: nil, limits: ImageLimits())
    }
}
