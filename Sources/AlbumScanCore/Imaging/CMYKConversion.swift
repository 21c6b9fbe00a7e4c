/// Converts decoded CMYK/YCCK samples to RGB.
enum CMYKConversion {
    // libjpeg hands back Adobe-style inverted CMYK (255 = no ink), which is what nearly every
    // CMYK JPEG in the wild contains, so each channel is simply scaled by the inverted K.
    /// Packed RGB from packed inverted CMYK (4 bytes per pixel).
    static func rgb(fromInvertedCMYK cmyk: [UInt8]) -> [UInt8] {
        let count = cmyk.count / 4
        var rgb = [UInt8](repeating: 0, count: count * 3)
        cmyk.withUnsafeBufferPointer { src in
            rgb.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let k = UInt32(src[i * 4 + 3])
                    for c in 0..<3 {
                        dst[i * 3 + c] = UInt8((UInt32(src[i * 4 + c]) * k + 127) / 255)
                    }
                }
            }
        }
        return rgb
    }
}
