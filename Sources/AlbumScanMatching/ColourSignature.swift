/// A geometry-blind summary of a photo's colours, for telling whether two photos of one run may show the same cover
/// (batch duplicates wait on it; the matcher decides afterwards).
///
/// It is a 4 × 4 × 4 histogram of colours after dividing each channel by its mean (so brightness and colour casts
/// cancel), taken from the middle 60 % of the picture, which is cover even with 20 % margins.
package struct ColourSignature: Sendable, Equatable {
    static let bins = 4
    /// Fraction of each side, centred, that the signature reads.
    static let middle: Float = 0.6
    /// Normalised histogram, `bins`³ entries summing to 1.
    package let histogram: [Float]

    init(histogram: [Float]) {
        self.histogram = histogram
    }

    /// The signature of the middle of a decoded image (a photo or a front image).
    package init(image: DecodedRGB) {
        let planes = ColourPlanes(image, longSide: 80)
        self.init(planes: planes, middle: Self.middle)
    }

    init(planes: ColourPlanes, middle: Float) {
        let (w, h) = (planes.width, planes.height)
        let x0 = Int(Float(w) * (1 - middle) / 2)
        let y0 = Int(Float(h) * (1 - middle) / 2)
        let xs = x0..<max(x0 + 1, w - x0)
        let ys = y0..<max(y0 + 1, h - y0)
        let channels = [planes.red, planes.green, planes.blue]
        var means: [Float] = [0, 0, 0]
        for y in ys {
            for x in xs { for c in 0..<3 { means[c] += channels[c][x, y] } }
        }
        let count = Float(xs.count * ys.count)
        means = means.map { max($0 / count, 1) }
        var histogram = [Float](repeating: 0, count: Self.bins * Self.bins * Self.bins)
        for y in ys {
            for x in xs {
                // A channel at twice its mean or more lands in the top bin.
                let index = (0..<3).reduce(0) { index, c in
                    let level = min(Self.bins - 1, Int(channels[c][x, y] / means[c] * Float(Self.bins) / 2))
                    return index * Self.bins + max(0, level)
                }
                histogram[index] += 1 / count
            }
        }
        self.histogram = histogram
    }

    /// Histogram intersection, 0 (no colour in common) to 1 (the same distribution).
    package func similarity(_ other: ColourSignature) -> Float {
        zip(histogram, other.histogram).reduce(0) { $0 + min($1.0, $1.1) }
    }
}
