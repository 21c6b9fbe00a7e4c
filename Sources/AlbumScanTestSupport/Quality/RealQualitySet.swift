import AlbumScanCore
import AlbumScanMatching
import Foundation

/// The quality check on real camera photos (../shared/realphotos): each photo as taken, which must pass, and two
/// spoiled copies the check must refuse. Read in place; nothing is written anywhere.
package enum RealQualitySet {
    package enum Variant: String, Sendable, CaseIterable {
        /// The photo as the camera saved it.
        case asTaken = "as taken"
        /// Blurred by a Gaussian of σ 12 px at the upload's size: no edge survives.
        case heavyBlur = "blurred σ 12 px"
        /// Three stops darker, with one clipped glare spot.
        case dimGlare = "3 stops under with glare"
    }

    /// Every real photo, in folder order; empty when ../shared is absent.
    package static func photos() -> [URL] {
        RealPhotoWorld.cases().flatMap { photoCase in photoCase.photos.keys.sorted().compactMap { photoCase.photos[$0] } }
    }

    /// `variant` of the photo in `jpeg`, as a JPEG; `index` places the glare spot.
    package static func variant(_ variant: Variant, of jpeg: Data, index: Int) throws -> Data {
        guard variant != .asTaken else { return jpeg }
        let photo = try JPEGDecoder.decodeRGB(jpeg, maxSide: 1024, limits: ImageLimits())
        let pixels = variant == .heavyBlur ? blurred(photo, sigma: 12) : dimmed(photo, index: index)
        return try JPEGEncoder.encodeRGB(pixels, width: photo.width, height: photo.height, quality: 90)
    }

    /// Three passes of a box filter, which together approach a Gaussian of `sigma`.
    static func blurred(_ photo: DecodedRGB, sigma: Double) -> [UInt8] {
        var values = photo.pixels.map(Double.init)
        var width = Int((4 * sigma * sigma + 1).squareRoot().rounded())
        if width % 2 == 0 { width += 1 }
        for _ in 0..<3 {
            values = boxPass(values, photo.width, photo.height, width: width, horizontal: true)
            values = boxPass(values, photo.width, photo.height, width: width, horizontal: false)
        }
        return values.map { UInt8(clamping: Int($0.rounded())) }
    }

    /// A running mean of `width` samples along rows or columns, the border repeated.
    static func boxPass(_ source: [Double], _ w: Int, _ h: Int, width: Int, horizontal: Bool) -> [Double] {
        var result = source
        let radius = width / 2
        let (lines, length) = horizontal ? (h, w) : (w, h)
        for line in 0..<lines {
            func at(_ position: Int, _ channel: Int) -> Double {
                let p = min(max(position, 0), length - 1)
                return source[((horizontal ? line * w + p : p * w + line) * 3) + channel]
            }
            for channel in 0..<3 {
                var sum = (-radius...radius).reduce(0.0) { $0 + at($1, channel) }
                for position in 0..<length {
                    result[((horizontal ? line * w + position : position * w + line) * 3) + channel] = sum / Double(width)
                    sum += at(position + radius + 1, channel) - at(position - radius, channel)
                }
            }
        }
        return result
    }

    /// Three stops under (in sRGB, as `QualityEvalSet.gain` does) and a clipped glare spot of 4 % of the short side.
    static func dimmed(_ photo: DecodedRGB, index: Int) -> [UInt8] {
        var random = SeededRandom(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 11)
        let gain = QualityEvalSet.gain(stops: -3)
        let centre = (random.uniform(0.2...0.8) * Double(photo.width), random.uniform(0.2...0.8) * Double(photo.height))
        let radius = 0.04 * Double(min(photo.width, photo.height))
        var pixels = photo.pixels
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                let d2 = ((Double(x) - centre.0) * (Double(x) - centre.0) + (Double(y) - centre.1) * (Double(y) - centre.1))
                let glare = 400 * exp(-d2 / (2 * radius * radius))
                for c in 0..<3 {
                    let i = (y * photo.width + x) * 3 + c
                    pixels[i] = UInt8(clamping: Int((Double(photo.pixels[i]) * gain + glare).rounded()))
                }
            }
        }
        return pixels
    }
}
