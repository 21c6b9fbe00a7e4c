import AlbumScanMatching

/// Applies an EXIF orientation to a pixel buffer so the result is upright.
enum OrientationTransform {
    /// Whether `orientation` swaps width and height (5-8).
    static func swapsAxes(_ orientation: Int) -> Bool {
        (5...8).contains(orientation)
    }

    /// The displayed size of a `width`×`height` stored image with `orientation`.
    static func uprightSize(width: Int, height: Int, orientation: Int) -> (width: Int, height: Int) {
        swapsAxes(orientation) ? (height, width) : (width, height)
    }

    /// `image` turned upright: 2 mirror H, 3 rotate 180, 4 mirror V, 5 transpose, 6 rotate 90 CW,
    /// 7 transverse, 8 rotate 90 CCW; anything else is returned unchanged.
    static func apply(_ image: DecodedRGB, orientation: Int) -> DecodedRGB {
        guard (2...8).contains(orientation) else { return image }
        let w = image.width
        let h = image.height
        let out = uprightSize(width: w, height: h, orientation: orientation)
        var pixels = [UInt8](repeating: 0, count: out.width * out.height * 3)
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<out.height {
                    for x in 0..<out.width {
                        let (sx, sy) = sourcePoint(x: x, y: y, width: w, height: h, orientation: orientation)
                        let s = (sy * w + sx) * 3
                        let d = (y * out.width + x) * 3
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                    }
                }
            }
        }
        return DecodedRGB(pixels: pixels, width: out.width, height: out.height)
    }

    /// The stored pixel shown at upright position (`x`, `y`) of a `width`×`height` stored image.
    static func sourcePoint(x: Int, y: Int, width w: Int, height h: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (y, h - 1 - x)
        case 7: (w - 1 - y, h - 1 - x)
        case 8: (w - 1 - y, x)
        default: (x, y)
        }
    }
}
