/// An upright decoded image as packed RGB, 3 bytes per pixel, rows top to bottom.
public struct DecodedRGB: Sendable, Equatable {
    /// Packed RGB samples, `width * height * 3` bytes.
    public let pixels: [UInt8]
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// Wraps packed RGB samples; `pixels.count` must be `width * height * 3`.
    public init(pixels: [UInt8], width: Int, height: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
    }
}
