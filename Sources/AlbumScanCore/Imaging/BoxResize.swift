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
        var horizontal = [Float](repeating: 0, count: width * image.height * 3)
        do {
            horizontal.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let srcRow = y * rowStride
                    for x in 0..<width {
                        var r: Float = 0
                        var g: Float = 0
                        var b: Float = 0
                        for k in 0..<columns.count[x] {
                            let s = srcRow + (columns.first[x] + k) * 3
                            let w = columns.weights[columns.offset[x] + k]
                            r += w * Float(src[s])
                            g += w * Float(src[s + 1])
                            b += w * Float(src[s + 2])
                        }
                        let d = (y * width + x) * 3
                        dst[d] = r
                        dst[d + 1] = g
                        dst[d + 2] = b
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let stride = width * 3
        var row = [Float](repeating: 0, count: stride)
        horizontal.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                row.withUnsafeMutableBufferPointer { accumulator in
                    for y in 0..<height {
                        for k in 0..<rows.count[y] {
                            let w = rows.weights[rows.offset[y] + k]
                            let srcRow = (rows.first[y] + k) * stride
                            for i in 0..<stride { accumulator[i] += w * src[srcRow + i] }
                        }
                        for i in 0..<stride {
                            dst[y * stride + i] = UInt8(min(max(accumulator[i].rounded(), 0), 255))
                            accumulator[i] = 0
                        }
                    }
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: width, height: height)
    }
}
