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

    /// The image area-averaged to `width` × `height` (at most the source size).
    init(_ image: DecodedRGB, width: Int, height: Int) {
        let w = max(1, min(width, image.width))
        let h = max(1, min(height, image.height))
        // Flat buffers: a 1024 px photo is a million samples, and nested arrays cost a uniqueness check per add.
        var sums = [Float](repeating: 0, count: w * h * 3)
        var counts = [Float](repeating: 0, count: w * h)
        let columns = (0..<image.width).map { $0 * w / image.width }
        image.pixels.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sum in
                counts.withUnsafeMutableBufferPointer { count in
                    for y in 0..<image.height {
                        let row = (y * h / image.height) * w
                        for x in 0..<image.width {
                            let cell = row + columns[x]
                            let offset = (y * image.width + x) * 3
                            sum[cell * 3] += Float(p[offset])
                            sum[cell * 3 + 1] += Float(p[offset + 1])
                            sum[cell * 3 + 2] += Float(p[offset + 2])
                            count[cell] += 1
                        }
                    }
                }
            }
        }
        let plane = { (c: Int) in (0..<(w * h)).map { sums[$0 * 3 + c] / max(counts[$0], 1) } }
        red = GrayPlane(width: w, height: h, values: plane(0))
        green = GrayPlane(width: w, height: h, values: plane(1))
        blue = GrayPlane(width: w, height: h, values: plane(2))
    }

    /// The image fitted so that its longest side is at most `longSide`.
    init(_ image: DecodedRGB, longSide: Int) {
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height, 1)))
        self.init(
            image, width: Int((Double(image.width) * scale).rounded()), height: Int((Double(image.height) * scale).rounded()))
    }

    /// The image's luma alone, fitted so that its longest side is at most `longSide`: what SIFT reads, in one
    /// accumulator per output pixel instead of three planes and a luma pass.
    static func luma(of image: DecodedRGB, longSide: Int) -> GrayPlane {
        let scale = min(1, Double(longSide) / Double(max(image.width, image.height, 1)))
        let w = max(1, min(Int((Double(image.width) * scale).rounded()), image.width))
        let h = max(1, min(Int((Double(image.height) * scale).rounded()), image.height))
        var sums = [Float](repeating: 0, count: w * h)
        var counts = [Float](repeating: 0, count: w * h)
        let columns = (0..<image.width).map { $0 * w / image.width }
        image.pixels.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sum in
                counts.withUnsafeMutableBufferPointer { count in
                    for y in 0..<image.height {
                        let row = (y * h / image.height) * w
                        for x in 0..<image.width {
                            let cell = row + columns[x]
                            let offset = (y * image.width + x) * 3
                            sum[cell] += 0.299 * Float(p[offset]) + 0.587 * Float(p[offset + 1]) + 0.114 * Float(p[offset + 2])
                            count[cell] += 1
                        }
                    }
                }
            }
        }
        return GrayPlane(width: w, height: h, values: (0..<(w * h)).map { sums[$0] / max(counts[$0], 1) })
    }
}
