import Foundation

/// Encodes raw pixels to JPEG.
package enum JPEGEncoder {
    /// Encodes packed RGB (3 bytes per pixel, rows top to bottom) at `quality` (1-100), 4:2:0.
    package static func encodeRGB(_ pixels: [UInt8], width: Int, height: Int, quality: Int) throws -> Data {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
            throw AlbumScanError.invalidImage("cannot encode a \(width)x\(height) image")
        }
        guard pixels.count == width * height * 3 else {
            throw AlbumScanError.invalidImage("pixel buffer does not match \(width)x\(height) rgb")
        }
        return try TurboJPEG.compressRGB(pixels, width: width, height: height, quality: min(max(quality, 1), 100))
    }
}
