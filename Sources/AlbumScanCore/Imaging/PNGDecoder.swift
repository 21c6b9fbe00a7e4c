import AlbumScanMatching
import CPNG
import Foundation

// Why libpng: it is the reference decoder, in every Debian install already (libpng16-16), and its simplified
// API (png_image_*) reads every PNG kind (palette, grey, 16-bit, alpha, interlaced) to 8-bit RGB while keeping
// libpng's longjmp error handling inside C, where Swift frames cannot be skipped over.

/// Decodes PNG bytes to upright RGB within the image limits.
enum PNGDecoder {
    /// Transparent pixels are composited onto white, the paper a transparent graphic is usually printed on.
    static let background = (red: UInt8(255), green: UInt8(255), blue: UInt8(255))

    static func decode(_ data: Data, bounds: ResizeBounds?, limits: ImageLimits) throws -> ImageDecoder.Outcome {
        let orientation = PNGChunks.orientation(data)
        // libpng reads from `data` until png_image_finish_read returns, so both calls stay inside one closure.
        let (stored, warning) = try data.withUnsafeBytes { raw -> (DecodedRGB, String?) in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw AlbumScanError.invalidImage("corrupt png: \(message(image))")
            }
            let width = Int(image.width)
            let height = Int(image.height)
            guard width > 0, height > 0 else { throw AlbumScanError.invalidImage("invalid png: zero width or height") }
            // The header is all that has been read: the size is checked before any pixel buffer exists.
            try JPEGMarkers.checkPixels(width: width, height: height, limits: limits)
            try ImageDecoder.checkMemory(pixels: width * height, bytesPerPixel: 4, limits: limits, format: "png")
            image.format = png_uint_32(PNG_FORMAT_RGB)
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            var paper = png_color(red: background.red, green: background.green, blue: background.blue)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, &paper, out.baseAddress, 0, nil)
            }
            guard finished != 0 else { throw AlbumScanError.invalidImage("corrupt png: \(message(image))") }
            let warned = image.warning_or_error & png_uint_32(PNG_IMAGE_WARNING) != 0
            return (DecodedRGB(pixels: pixels, width: width, height: height), warned ? "png: \(message(image))" : nil)
        }
        let size = ImageDecoder.target(width: stored.width, height: stored.height, bounds: bounds)
        // Resize in stored orientation first: rotating the smaller buffer is cheaper and gives the same pixels.
        let resized = BoxResize.resize(stored, width: size.width, height: size.height)
        return ImageDecoder.Outcome(
            image: OrientationTransform.apply(resized, orientation: orientation), format: .png, orientation: orientation,
            uprightSource: OrientationTransform.uprightSize(width: stored.width, height: stored.height, orientation: orientation),
            warnings: warning.map { [$0] } ?? [])
    }

    /// libpng's message for the last error or warning, as one lowercase line.
    private static func message(_ image: png_image) -> String {
        var text = image.message
        let string = withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return string.isEmpty ? "unknown error" : ImageDecoder.oneLine(string)
    }
}
