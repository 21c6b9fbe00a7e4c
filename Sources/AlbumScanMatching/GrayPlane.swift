/// A single-channel float image, rows top to bottom; the matcher's working surface.
struct GrayPlane: Sendable, Equatable {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    init(width: Int, height: Int, bytes: [UInt8]) {
        self.init(width: width, height: height, values: bytes.map(Float.init))
    }

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }

    /// The plane at half size (odd sides round up): the matcher's search and coarse alignment work on this.
    func halved() -> GrayPlane { resized(width: (width + 1) / 2, height: (height + 1) / 2) }

    /// The value at a real position, bilinearly interpolated; positions outside are clamped to the border.
    func bilinear(_ x: Float, _ y: Float) -> Float {
        let cx = min(max(x, 0), Float(width - 1))
        let cy = min(max(y, 0), Float(height - 1))
        let x0 = min(Int(cx), width - 2 < 0 ? 0 : width - 2)
        let y0 = min(Int(cy), height - 2 < 0 ? 0 : height - 2)
        let fx = cx - Float(x0)
        let fy = cy - Float(y0)
        let x1 = min(x0 + 1, width - 1)
        let y1 = min(y0 + 1, height - 1)
        return values.withUnsafeBufferPointer { v in
            let top = v[y0 * width + x0] * (1 - fx) + v[y0 * width + x1] * fx
            let bottom = v[y1 * width + x0] * (1 - fx) + v[y1 * width + x1] * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// The plane resampled to `newWidth` × `newHeight`: area averaging when shrinking, bilinear when growing.
    func resized(width newWidth: Int, height newHeight: Int) -> GrayPlane {
        let w = max(1, newWidth)
        let h = max(1, newHeight)
        if w >= width || h >= height {
            let sx = Float(width) / Float(w)
            let sy = Float(height) / Float(h)
            var out = [Float](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w { out[y * w + x] = bilinear((Float(x) + 0.5) * sx - 0.5, (Float(y) + 0.5) * sy - 0.5) }
            }
            return GrayPlane(width: w, height: h, values: out)
        }
        var sums = [Float](repeating: 0, count: w * h)
        var counts = [Float](repeating: 0, count: w * h)
        let columns = (0..<width).map { $0 * w / width }
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let row = (y * h / height) * w
                for x in 0..<width {
                    sums[row + columns[x]] += v[y * width + x]
                    counts[row + columns[x]] += 1
                }
            }
        }
        for i in 0..<(w * h) { sums[i] /= max(counts[i], 1) }
        return GrayPlane(width: w, height: h, values: sums)
    }

    /// The plane turned back by `quarters` quarter turns: content whose top points right (one quarter turn
    /// clockwise) comes out upright, and so on round.
    func unturned(quarters: Int) -> GrayPlane {
        var plane = self
        for _ in 0..<((quarters % 4 + 4) % 4) {
            // Counter-clockwise by a quarter: the old column x becomes the new row (width - 1 - x).
            let (w, h) = (plane.width, plane.height)
            var out = [Float](repeating: 0, count: w * h)
            plane.values.withUnsafeBufferPointer { v in
                for y in 0..<w {
                    for x in 0..<h { out[y * h + x] = v[x * w + (w - 1 - y)] }
                }
            }
            plane = GrayPlane(width: h, height: w, values: out)
        }
        return plane
    }

    /// The plane smoothed by a separable 1-2-1 binomial kernel (σ ≈ 0.7 px), edges repeated.
    func smoothed() -> GrayPlane {
        func pass(_ source: [Float], dx: Int, dy: Int) -> [Float] {
            var out = source
            for y in 0..<height {
                for x in 0..<width {
                    let before = source[max(y - dy, 0) * width + max(x - dx, 0)]
                    let after = source[min(y + dy, height - 1) * width + min(x + dx, width - 1)]
                    out[y * width + x] = (before + 2 * source[y * width + x] + after) / 4
                }
            }
            return out
        }
        return GrayPlane(width: width, height: height, values: pass(pass(values, dx: 1, dy: 0), dx: 0, dy: 1))
    }

    /// Horizontal and vertical central differences (one-sided at the border).
    func gradients() -> (x: GrayPlane, y: GrayPlane) {
        var gx = [Float](repeating: 0, count: values.count)
        var gy = [Float](repeating: 0, count: values.count)
        guard width > 1, height > 1 else {
            return (GrayPlane(width: width, height: height, values: gx), GrayPlane(width: width, height: height, values: gy))
        }
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let up = max(y - 1, 0)
                let down = min(y + 1, height - 1)
                for x in 0..<width {
                    let left = max(x - 1, 0)
                    let right = min(x + 1, width - 1)
                    gx[y * width + x] = (v[y * width + right] - v[y * width + left]) / Float(right - left)
                    gy[y * width + x] = (v[down * width + x] - v[up * width + x]) / Float(down - up)
                }
            }
        }
        return (GrayPlane(width: width, height: height, values: gx), GrayPlane(width: width, height: height, values: gy))
    }
}
