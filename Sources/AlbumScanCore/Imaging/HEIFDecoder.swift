import AlbumScanMatching
import CHeif
import Foundation

// Why libheif: it is the HEIF reader Debian ships (libheif-dev), used by GIMP, ImageMagick and GNOME; it parses the
// container, assembles the tile grids iPhones write, applies the irot/imir/clap transforms, and decodes HEVC through
// libde265. Nothing else in Debian reads HEIC, and writing a HEVC decoder is out of the question.

/// Decodes HEIC/HEIF bytes to upright RGB within the image limits.
///
/// Orientation comes from the container's `irot`/`imir` properties, which libheif applies. An EXIF orientation
/// inside a HEIF file is not applied on top: HEIF says the transform properties rule, and iPhones write both.
enum HEIFDecoder {
    /// What a decode holds at most per pixel of the stored (ispe) size: the YCbCr 4:4:4 canvas a tile grid is
    /// assembled in, then the interleaved RGB image it is converted to.
    static let bytesPerPixel = 6

    static func decode(_ data: Data, bounds: ResizeBounds?, limits: ImageLimits) throws -> ImageDecoder.Outcome {
        // libheif reads `data` in place, so the context lives and dies inside this closure.
        try data.withUnsafeBytes { raw -> ImageDecoder.Outcome in
            guard let context = albumscan_heif_context_alloc() else { throw cannotStart }
            defer { albumscan_heif_context_free(context) }
            // Tiles are decoded on the calling thread (a pool thread), never on threads libheif would start.
            albumscan_heif_context_set_max_decoding_threads(context, 0)
            try check(albumscan_heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
            var primary: OpaquePointer?
            try check(albumscan_heif_context_get_primary_image_handle(context, &primary))
            guard let handle = primary else { throw AlbumScanError.invalidImage("corrupt heic: no primary image") }
            defer { albumscan_heif_image_handle_release(handle) }
            let width = Int(albumscan_heif_image_handle_get_width(handle))
            let height = Int(albumscan_heif_image_handle_get_height(handle))
            let stored = (
                width: max(Int(albumscan_heif_image_handle_get_ispe_width(handle)), width),
                height: max(Int(albumscan_heif_image_handle_get_ispe_height(handle)), height)
            )
            guard width > 0, height > 0 else { throw AlbumScanError.invalidImage("invalid heic: zero width or height") }
            // Only the container has been read: the size is checked before any pixel is decoded or allocated.
            try JPEGMarkers.checkPixels(width: width, height: height, limits: limits)
            try JPEGMarkers.checkPixels(width: stored.width, height: stored.height, limits: limits)
            try ImageDecoder.checkMemory(
                pixels: stored.width * stored.height, bytesPerPixel: bytesPerPixel, limits: limits, format: "heic")
            // A tile grid's canvas is declared apart from the image size; libheif checks it against this limit when
            // it allocates, so no canvas may be longer on either side than the image that was checked.
            albumscan_heif_context_set_maximum_image_size_limit(context, Int32(min(max(stored.width, stored.height) + 1, 32768)))
            return try decodePixels(handle, declared: (width, height), bounds: bounds)
        }
    }

    private static func decodePixels(
        _ handle: OpaquePointer, declared: (width: Int, height: Int), bounds: ResizeBounds?
    ) throws -> ImageDecoder.Outcome {
        guard let options = albumscan_heif_decoding_options_alloc() else { throw cannotStart }
        defer { albumscan_heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        options.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        try check(albumscan_heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options))
        guard let image = decoded else { throw AlbumScanError.invalidImage("corrupt heic: no image decoded") }
        defer { albumscan_heif_image_release(image) }
        let width = Int(albumscan_heif_image_get_primary_width(image))
        let height = Int(albumscan_heif_image_get_primary_height(image))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = albumscan_heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
            Int(stride) >= width * 3
        else { throw AlbumScanError.invalidImage("corrupt heic: no rgb pixels decoded") }
        guard width <= declared.width + 1, height <= declared.height + 1 else {
            throw AlbumScanError.invalidImage(
                "corrupt heic: decoded \(width)x\(height) but the file declares \(declared.width)x\(declared.height)")
        }
        let size = ImageDecoder.target(width: width, height: height, bounds: bounds)
        // Read libheif's buffer in place: resizing from it saves a full-size copy.
        let source = UnsafeBufferPointer(start: plane, count: Int(stride) * (height - 1) + width * 3)
        let upright =
            size == (width, height)
            ? copy(source, width: width, height: height, rowStride: Int(stride))
            : BoxResize.resize(source, width: width, height: height, rowStride: Int(stride), to: size.width, size.height)
        return ImageDecoder.Outcome(
            image: upright, format: .heif, orientation: 1, uprightSource: (width, height), warnings: [])
    }

    /// Packed rows of `source` without libheif's row padding.
    private static func copy(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rowStride: Int) -> DecodedRGB {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                _ = UnsafeMutableBufferPointer(rebasing: out[(y * width * 3)..<((y + 1) * width * 3)])
                    .update(fromContentsOf: source[(y * rowStride)..<(y * rowStride + width * 3)])
            }
        }
        return DecodedRGB(pixels: pixels, width: width, height: height)
    }

    /// libheif made no context or options: it could not be opened (it is, on the first HEIC photo), or memory ran out.
    private static var cannotStart: AlbumScanError {
        let reason = albumscan_heif_load_error().map { " (\(ImageDecoder.oneLine(String(cString: $0))))" } ?? ""
        return .invalidImage("heic decoder could not start" + reason)
    }

    /// Throws `.invalidImage` for a libheif error; a truncated file says so.
    private static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        let text = error.message.map { ImageDecoder.oneLine(String(cString: $0)) } ?? "unknown error"
        let truncated = error.code == heif_error_Invalid_input && error.subcode == heif_suberror_End_of_data
        throw AlbumScanError.invalidImage(truncated ? "truncated heic: \(text)" : "corrupt heic: \(text)")
    }
}
