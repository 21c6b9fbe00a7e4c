extension DecodedRGB {
    /// The image without plain margins of one colour around it: a reference scan of a portrait case on a square white
    /// canvas holds the cover between two blank bands that a photo of the case shows as table or hand.
    func trimmingPlainBorders() -> DecodedRGB {
        guard width >= 16, height >= 16 else { return self }
        let reference = pixel(0, 0)
        // Only white margins: a cover's own plain background in another colour is part of its design.
        guard min(reference.x, reference.y, reference.z) >= 230 else { return self }
        let maxX = width * 3 / 10
        let maxY = height * 3 / 10
        var left = 0
        var right = 0
        var top = 0
        var bottom = 0
        while left < maxX, columnIsPlain(left, reference) { left += 1 }
        while right < maxX, columnIsPlain(width - 1 - right, reference) { right += 1 }
        while top < maxY, rowIsPlain(top, reference) { top += 1 }
        while bottom < maxY, rowIsPlain(height - 1 - bottom, reference) { bottom += 1 }
        // A band of a few pixels is the artwork's own edge, not a margin.
        let minimum = max(2, min(width, height) / 50)
        if left < minimum { left = 0 }
        if right < minimum { right = 0 }
        if top < minimum { top = 0 }
        if bottom < minimum { bottom = 0 }
        guard left + right + top + bottom > 0 else { return self }
        let newWidth = width - left - right
        let newHeight = height - top - bottom
        var out: [UInt8] = []
        out.reserveCapacity(newWidth * newHeight * 3)
        for y in top..<(top + newHeight) {
            let start = (y * width + left) * 3
            out += pixels[start..<(start + newWidth * 3)]
        }
        return DecodedRGB(pixels: out, width: newWidth, height: newHeight)
    }

    private func pixel(_ x: Int, _ y: Int) -> SIMD3<Int> {
        let i = (y * width + x) * 3
        return SIMD3(Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    private func isPlain(_ x: Int, _ y: Int, _ reference: SIMD3<Int>) -> Bool {
        let d = pixel(x, y) &- reference
        return max(abs(d.x), abs(d.y), abs(d.z)) <= 24
    }

    /// At most one pixel in 50 differs from the reference colour.
    private func columnIsPlain(_ x: Int, _ reference: SIMD3<Int>) -> Bool {
        var off = 0
        for y in 0..<height where !isPlain(x, y, reference) {
            off += 1
            if off * 50 > height { return false }
        }
        return true
    }

    private func rowIsPlain(_ y: Int, _ reference: SIMD3<Int>) -> Bool {
        var off = 0
        for x in 0..<width where !isPlain(x, y, reference) {
            off += 1
            if off * 50 > width { return false }
        }
        return true
    }
}
