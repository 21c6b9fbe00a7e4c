import AlbumScanMatching

/// Area-averaging (box filter) downscaling of packed RGB.
enum BoxResize {
    /// For each target index along one axis, the source indices it covers and their share of its area.
    struct AxisTaps {
        /// First source index covered by each target index.
        var first: [Int] = []
        /// Start of each target index's weights in `weights`.
        var offset: [Int] = []
        /// Number of source indices covered by each target index.
        var count: [Int] = []
        /// Area shares, summing to 1 per target index.
        var weights: [Float] = []

        init(source: Int, target: Int) {
            let scale = Double(source) / Double(target)
            for i in 0..<target {
                let start = Double(i) * scale
                let end = min(Double(i + 1) * scale, Double(source))
                first.append(Int(start))
                offset.append(weights.count)
                var j = Int(start)
                while Double(j) < end, j < source {
                    weights.append(Float((min(end, Double(j + 1)) - max(start, Double(j))) / (end - start)))
                    j += 1
                }
                count.append(weights.count - offset[i])
            }
        }

        /// Calls `body` with the four arrays as buffers.
        func withBuffers<T>(
            _ body: (
                UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>
            ) -> T
        ) -> T {
            first.withUnsafeBufferPointer { first in
                offset.withUnsafeBufferPointer { offset in
                    count.withUnsafeBufferPointer { count in
                        weights.withUnsafeBufferPointer { body(first, offset, count, $0) }
                    }
                }
            }
        }
    }

    /// `image` resized to exactly `width`×`height`, each output pixel the area-weighted mean of what it covers.
    static func resize(_ image: DecodedRGB, width: Int, height: Int) -> DecodedRGB {
        guard width != image.width || height != image.height else { return image }
        return image.pixels.withUnsafeBufferPointer { src in
            resize(src, width: image.width, height: image.height, rowStride: image.width * 3, to: width, height)
        }
    }

    /// Packed RGB rows `rowStride` bytes apart (a decoder's own buffer, read in place) resized to `targetWidth`×`targetHeight`.
    static func resize(
        _ src: UnsafeBufferPointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, rowStride: Int,
        to width: Int, _ height: Int
    ) -> DecodedRGB {
        let image = (width: sourceWidth, height: sourceHeight)
        let columns = AxisTaps(source: image.width, target: width)
        let rows = AxisTaps(source: image.height, target: height)
        // The taps' arrays are read through buffer pointers: indexing the arrays themselves in these loops (bounds
        // checks, retains) made this resize an eighth of a batch's CPU.
        var horizontal = [Float](repeating: 0, count: width * image.height * 3)
        columns.withBuffers { first, offset, count, weights in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let srcRow = y * rowStride
                    var d = y * width * 3
                    for x in 0..<width {
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        var s = srcRow + first[x] * 3
                        var w = offset[x]
                        for _ in 0..<count[x] {
                            r += weights[w] * Float(src[s])
                            g += weights[w] * Float(src[s + 1])
                            b += weights[w] * Float(src[s + 2])
                            s += 3
                            w += 1
                        }
                        dst[d] = r
                        dst[d + 1] = g
                        dst[d + 2] = b
                        d += 3
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let stride = width * 3
        var row = [Float](repeating: 0, count: stride)
        rows.withBuffers { first, offset, count, weights in
            horizontal.withUnsafeBufferPointer { src in
                pixels.withUnsafeMutableBufferPointer { dst in
                    row.withUnsafeMutableBufferPointer { accumulator in
                        for y in 0..<height {
                            for k in 0..<count[y] {
                                let w = weights[offset[y] + k]
                                let srcRow = src.baseAddress! + (first[y] + k) * stride
                                for i in 0..<stride { accumulator[i] += w * srcRow[i] }
                            }
                            let dstRow = dst.baseAddress! + y * stride
                            for i in 0..<stride {
                                dstRow[i] = roundedByte(accumulator[i])
                                accumulator[i] = 0
                            }
                        }
                    }
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: width, height: height)
    }

    /// `value` rounded half away from zero and clamped to a byte: what `rounded()` gives, without its call into libm
    /// for every byte (a fortieth of a batch's CPU). The weights are positive, so `value` is never below zero, and
    /// below 256 the fraction `value - trunc(value)` is exact.
    @inline(__always)
    static func roundedByte(_ value: Float) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 255 else { return 255 }
        let whole = Float(Int32(value))
        return UInt8(Int32(value - whole >= 0.5 ? whole + 1 : whole))
    }
}
