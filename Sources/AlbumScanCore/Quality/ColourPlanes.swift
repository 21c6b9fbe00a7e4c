import AlbumScanMatching

/// A photo's two colour differences, blue minus luma and red minus luma (scaled as JPEG's Cb and Cr, centred on
/// 128), at half its width and height: each level is the mean of 2 × 2 pixels.
///
/// An upload keeps its colour at half resolution (4:2:0), so these hold all the colour detail it has. They are what
/// the quality check looks at for edges that are colour alone: two equally bright colours side by side.
package struct ColourPlanes: Sendable {
    package let blue: LuminancePlane
    package let red: LuminancePlane

    package init(_ rgb: DecodedRGB) {
        let width = rgb.width / 2
        let height = rgb.height / 2
        let count = width * height
        var red: [UInt8] = []
        let blue = rgb.pixels.withUnsafeBufferPointer { source in
            // Every level of both planes is written.
            [UInt8](unsafeUninitializedCapacity: count) { blue, blueCount in
                red = [UInt8](unsafeUninitializedCapacity: count) { red, redCount in
                    Self.differences(source.baseAddress!, rowLength: rgb.width, width: width, height: height, blue: blue, red: red)
                    redCount = count
                }
                blueCount = count
            }
        }
        self.blue = LuminancePlane(width: width, height: height, values: blue)
        self.red = LuminancePlane(width: width, height: height, values: red)
    }

    /// Each 2 × 2 block's colour differences: the sums of its channels weighted as in JPEG's Cb and Cr, rounded.
    private static func differences(
        _ source: UnsafePointer<UInt8>, rowLength: Int, width: Int, height: Int, blue: UnsafeMutableBufferPointer<UInt8>,
        red: UnsafeMutableBufferPointer<UInt8>
    ) {
        for y in 0..<height {
            let top = source + 2 * y * rowLength * 3
            let bottom = top + rowLength * 3
            for x in 0..<width {
                let i = 6 * x
                let r = Int(top[i]) + Int(top[i + 3]) + Int(bottom[i]) + Int(bottom[i + 3])
                let g = Int(top[i + 1]) + Int(top[i + 4]) + Int(bottom[i + 1]) + Int(bottom[i + 4])
                let b = Int(top[i + 2]) + Int(top[i + 5]) + Int(bottom[i + 2]) + Int(bottom[i + 5])
                // Cb = 128 + (-43 R - 85 G + 128 B) / 256 and Cr = 128 + (128 R - 107 G - 21 B) / 256, over 4 pixels.
                let cb = (-43 * r - 85 * g + 128 * b + 512) >> 10
                let cr = (128 * r - 107 * g - 21 * b + 512) >> 10
                blue[y * width + x] = UInt8(clamping: 128 + cb)
                red[y * width + x] = UInt8(clamping: 128 + cr)
            }
        }
    }
}
