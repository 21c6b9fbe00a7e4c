import AlbumScanMatching

/// An 8-bit luminance image, rows top to bottom: what the quality check and the barcode reader look at.
package struct LuminancePlane: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// `width * height` levels, 0 (black) to 255 (white).
    package let values: [UInt8]

    /// Wraps levels; `values.count` must be `width * height`.
    package init(width: Int, height: Int, values: [UInt8]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// The luma of packed RGB (Rec. 601 weights, in integer arithmetic).
    package init(rgb: DecodedRGB) {
        let count = rgb.width * rgb.height
        let values = rgb.pixels.withUnsafeBufferPointer { source in
            // Every level is written.
            [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
                for index in 0..<count {
                    let r = Int(source[index * 3])
                    let g = Int(source[index * 3 + 1])
                    let b = Int(source[index * 3 + 2])
                    target[index] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
                }
                initialized = count
            }
        }
        self.init(width: rgb.width, height: rgb.height, values: values)
    }

    /// The prepared upload's luminance: the photo as the model would see it.
    package static func of(_ image: PreparedImage, limits: ImageLimits) throws -> LuminancePlane {
        LuminancePlane(rgb: try JPEGDecoder.decodeRGB(image.jpeg, maxSide: nil, limits: limits))
    }
}
