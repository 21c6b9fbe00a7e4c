import CHeif
import Foundation

/// Writes HEIC files for tests with libheif's own HEVC encoder (x265), so no binary fixture has to be committed.
package enum HEIFWriter {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// `pixels` (packed RGB, `width`×`height`, the stored image) as HEIC, with `orientation` (1-8, EXIF numbering)
    /// written as the container's `irot`/`imir` properties; the pixels themselves are stored as given.
    package static func heic(_ pixels: [UInt8], width: Int, height: Int, orientation: Int = 1, quality: Int = 90) throws -> Data {
        guard let context = heif_context_alloc() else { throw Failure(description: "no libheif context") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, Int32(quality)))
        var image: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image))
        defer { heif_image_release(image) }
        try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), 8))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw Failure(description: "no plane")
        }
        for y in 0..<height {
            for x in 0..<(width * 3) { plane[y * Int(stride) + x] = pixels[y * width * 3 + x] }
        }
        guard let options = heif_encoding_options_alloc() else { throw Failure(description: "no options") }
        defer { heif_encoding_options_free(options) }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        try check(heif_context_encode_image(context, image, encoder, options, nil))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("heifwriter-\(UUID().uuidString).heic")
        defer { try? FileManager.default.removeItem(at: file) }
        try check(heif_context_write_to_file(context, file.path))
        return try Data(contentsOf: file)
    }

    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw Failure(description: error.message.map { String(cString: $0) } ?? "libheif error \(error.code)")
    }
}
