import CPNG
import Foundation

/// Writes PNG files for tests with libpng, optionally with an `eXIf` orientation chunk.
package enum PNGWriter {
    package struct Failure: Error {}

    /// `pixels` (packed RGB, `width`×`height`, the stored image) as PNG; an `orientation` other than nil adds an
    /// `eXIf` chunk (little-endian TIFF with one Orientation entry) right after IHDR.
    package static func png(
        _ pixels: [UInt8], width: Int, height: Int, orientation: Int? = nil, channels: Int = 3
    ) throws -> Data {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        // PNG_FORMAT_GRAY is 0, PNG_FORMAT_RGB the colour flag; RGBA adds the alpha flag.
        let colour = channels >= 3 ? Int32(PNG_FORMAT_FLAG_COLOR) : 0
        image.format = png_uint_32(colour | (channels == 4 ? Int32(PNG_FORMAT_FLAG_ALPHA) : 0))
        var size = 0
        guard pixels.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }) != 0
        else { throw Failure() }
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBytes { out in
            pixels.withUnsafeBytes { png_image_write_to_memory(&image, out.baseAddress, &size, 0, $0.baseAddress, 0, nil) }
        }
        guard written != 0 else { throw Failure() }
        bytes = Array(bytes.prefix(size))
        guard let orientation else { return Data(bytes) }
        // Signature (8) + IHDR chunk (4 + 4 + 13 + 4).
        let afterHeader = 8 + 25
        return Data(bytes[..<afterHeader] + chunk("eXIf", tiff(orientation: orientation)) + bytes[afterHeader...])
    }

    /// Packed RGBA pixels as PNG.
    package static func pngRGBA(_ pixels: [UInt8], width: Int, height: Int) throws -> Data {
        try png(pixels, width: width, height: height, channels: 4)
    }

    /// A little-endian TIFF block whose first IFD holds Orientation (0x0112, SHORT) = `orientation`.
    static func tiff(orientation: Int) -> [UInt8] {
        [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]
            + [UInt8(orientation), 0x00, 0x00, 0x00] + [0x00, 0x00, 0x00, 0x00]
    }

    /// One PNG chunk: big-endian length, type, body, CRC-32 of type and body.
    package static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
