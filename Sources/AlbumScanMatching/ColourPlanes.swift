/// An RGB image as three float planes plus its luma, shrunk by area averaging from decoded pixels.
struct ColourPlanes: Sendable {
    let red: GrayPlane
    let green: GrayPlane
    let blue: GrayPlane

    var width: Int { red.width }
    var height: Int { red.height }

    /// Rec. 601 luma of the three planes.
    var luma: GrayPlane {
        var values = [Float](repeating: 0, count: red.values.count)
        for i in values.indices { values[i] = 0.299 * red.values[i] + 0.587 * green.values[i] + 0.114 * blue.values[i] }
        return GrayPlane(width: width, height: height, values: values)
    }

    /// The planes turned back by `quarters` quarter turns (see `GrayPlane.unturned`).
    func unturned(quarters: Int) -> ColourPlanes {
        ColourPlanes(
            red: red.unturned(quarters: quarters), green: green.unturned(quarters: quarters),
            blue: blue.unturned(quarters: quarters))
    }

    private init(red: GrayPlane, green: GrayPlane, blue: GrayPlane) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// The image area-averaged to `width` × `height` (at most the source size).
    init(_ image: DecodedRGB, width: Int, height: Int) {
        let (w, h) = (max(1, min(width, image.width)), max(1, min(height, image.height)))
        let means = Self.areaMeans(image, width: w, height: h, channels: 3) { pixel, sum in
            sum[0] += Float(pixel[0])
            sum[1] += Float(pixel[1])
            sum[2] += Float(pixel[2])
        }
        let plane = { (c: Int) in (0..<(w * h)).map { means[$0 * 3 + c] } }
        red = GrayPlane(width: w, height: h, values: plane(0))
        green = GrayPlane(width: w, height: h, values: plane(1))
        blue = GrayPlane(width: w, height: h, values: plane(2))
    }

    /// The image fitted so that its longest side is at most `longSide`.
    init(_ image: DecodedRGB, longSide: Int) {
        let size = Self.fitted(image, longSide: longSide)
        self.init(image, width: size.width, height: size.height)
    }

    /// The width and height `init(_:longSide:)` gives, without making the planes.
    static func size(of image: DecodedRGB, longSide: Int) -> SIMD2<Float> {
        let size = fitted(image, longSide: longSide)
        return SIMD2(Float(max(1, min(size.width, image.width))), Float(max(1, min(size.height, image.height))))
    }

    /// The image's luma alone, fitted so that its longest side is at most `longSide`: what SIFT reads, in one
    /// accumulator per output pixel instead of three planes and a luma pass.
    static func luma(of image: DecodedRGB, longSide: Int) -> GrayPlane {
        let size = fitted(image, longSide: longSide)
        let (w, h) = (max(1, size.width), max(1, size.height))
        let means = areaMeans(image, width: w, height: h, channels: 1) { pixel, sum in
            sum[0] += 0.299 * Float(pixel[0]) + 0.587 * Float(pixel[1]) + 0.114 * Float(pixel[2])
        }
        return GrayPlane(width: w, height: h, values: means)
    }

    /// The size of `image` scaled down (never up) so that its longest side is at most `longSide`.
    private static func fitted(_ image: DecodedRGB, longSide: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height, 1)))
        return (Int((Double(image.width) * scale).rounded()), Int((Double(image.height) * scale).rounded()))
    }

    /// Means over the source pixels falling in each cell of a `width` × `height` grid, `channels` values per cell,
    /// interleaved; `add` adds one RGB pixel to its cell's sums. Flat buffers: a 1024 px photo is a million samples,
    /// and nested arrays would cost a uniqueness check per add.
    @inline(__always)
    private static func areaMeans(
        _ image: DecodedRGB, width w: Int, height h: Int, channels: Int,
        _ add: (UnsafePointer<UInt8>, UnsafeMutablePointer<Float>) -> Void
    ) -> [Float] {
        var sums = [Float](repeating: 0, count: w * h * channels)
        var counts = [Float](repeating: 0, count: w * h)
        let columns = (0..<image.width).map { $0 * w / image.width }
        image.pixels.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sum in
                counts.withUnsafeMutableBufferPointer { count in
                    for y in 0..<image.height {
                        let row = (y * h / image.height) * w
                        for x in 0..<image.width {
                            let cell = row + columns[x]
                            add(p.baseAddress! + (y * image.width + x) * 3, sum.baseAddress! + cell * channels)
                            count[cell] += 1
                        }
                    }
                }
            }
        }
        return (0..<(w * h * channels)).map { sums[$0] / max(counts[$0 / channels], 1) }
    }
}
