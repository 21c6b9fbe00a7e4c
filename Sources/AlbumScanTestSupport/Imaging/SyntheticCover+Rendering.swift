import Foundation

extension SyntheticCover {
    private typealias Canvas = UnsafeMutableBufferPointer<UInt8>

    /// Packed RGB pixels (3 bytes each, rows top to bottom) of the cover at `width` × `height`.
    package func pixels(width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        // Raw buffer access keeps debug builds fast enough for 1200 px covers.
        let ramp = backgroundRamp(width: width, height: height)
        pixels.withUnsafeMutableBufferPointer { canvas in
            for y in 0..<height {
                for x in 0..<width {
                    set(canvas, width, x, y, ramp.colours[ramp.index(x, y)])
                }
            }
            for shape in shapes {
                draw(shape, on: canvas, width: width, height: height)
            }
        }
        return pixels
    }

    /// The background as a colour table and which entry each pixel takes.
    private func backgroundRamp(width: Int, height: Int) -> (colours: [Colour], index: (Int, Int) -> Int) {
        func ramp(_ from: Colour, _ to: Colour, _ steps: Int) -> [Colour] {
            (0..<steps).map { Self.mix(from, to, steps > 1 ? Double($0) / Double(steps - 1) : 0) }
        }
        switch background {
        case .solid(let colour): return ([colour], { _, _ in 0 })
        case .verticalGradient(let top, let bottom): return (ramp(top, bottom, height), { _, y in y })
        case .horizontalGradient(let left, let right): return (ramp(left, right, width), { x, _ in x })
        case .diagonalGradient(let from, let to): return (ramp(from, to, width + height - 1), { x, y in x + y })
        }
    }

    private func draw(_ shape: Shape, on canvas: Canvas, width: Int, height: Int) {
        let w = Double(width)
        let h = Double(height)
        switch shape {
        case .rectangle(let x, let y, let rectWidth, let rectHeight, let colour):
            fill(
                canvas, width, height, x0: Int(x * w), y0: Int(y * h), x1: Int((x + rectWidth) * w),
                y1: Int((y + rectHeight) * h), colour)
        case .circle(let centerX, let centerY, let radius, let colour):
            let cx = centerX * w
            let cy = centerY * h
            let r = radius * min(w, h)
            for py in max(0, Int(cy - r))..<min(height, Int(cy + r) + 1) {
                for px in max(0, Int(cx - r))..<min(width, Int(cx + r) + 1) {
                    let dx = Double(px) + 0.5 - cx
                    let dy = Double(py) + 0.5 - cy
                    if dx * dx + dy * dy <= r * r { set(canvas, width, px, py, colour) }
                }
            }
        case .stripes(let count, let vertical, let colour):
            let bands = max(1, count) * 2
            for band in stride(from: 0, to: bands, by: 2) {
                let start = Double(band) / Double(bands)
                let end = Double(band + 1) / Double(bands)
                if vertical {
                    fill(canvas, width, height, x0: Int(start * w), y0: 0, x1: Int(end * w), y1: height, colour)
                } else {
                    fill(canvas, width, height, x0: 0, y0: Int(start * h), x1: width, y1: Int(end * h), colour)
                }
            }
        }
    }

    private func fill(
        _ canvas: Canvas, _ width: Int, _ height: Int, x0: Int, y0: Int, x1: Int, y1: Int, _ colour: Colour
    ) {
        let left = max(0, x0)
        let right = min(width, x1)
        let top = max(0, y0)
        let bottom = min(height, y1)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right { set(canvas, width, x, y, colour) }
        }
    }

    private func set(_ canvas: Canvas, _ width: Int, _ x: Int, _ y: Int, _ colour: Colour) {
        let offset = (y * width + x) * 3
        canvas[offset] = colour.red
        canvas[offset + 1] = colour.green
        canvas[offset + 2] = colour.blue
    }

    private static func mix(_ from: Colour, _ to: Colour, _ t: Double) -> Colour {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(clamping: Int((Double(a) + (Double(b) - Double(a)) * t).rounded()))
        }
        return Colour(channel(from.red, to.red), channel(from.green, to.green), channel(from.blue, to.blue))
    }
}
