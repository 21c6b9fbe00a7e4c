import AlbumScanMatching
import Foundation

/// Decodes any accepted format (JPEG, PNG, HEIC/HEIF), told apart by content, to upright RGB within the image limits.
package enum ImageDecoder {
    /// What a decode produced besides pixels.
    struct Outcome {
        let image: DecodedRGB
        let format: ImageFormat
        /// The EXIF orientation (1-8) applied; 1 for HEIF, whose `irot`/`imir` libheif applies itself.
        let orientation: Int
        /// Displayed size of the source before any scaling.
        let uprightSource: (width: Int, height: Int)
        let warnings: [String]
    }

    /// Upright RGB; when `maxSide` is set, scaled so the longest side is <= `maxSide` (never upscaled).
    package static func decodeRGB(_ data: Data, maxSide: Int?, limits: ImageLimits) throws -> DecodedRGB {
        try decode(data, bounds: maxSide.map { ResizeBounds(maxLongSide: $0, maxShortSide: $0) }, limits: limits).image
    }

    /// Upright RGB fitted into `bounds` (the whole image when nil); the format comes from the first bytes.
    static func decode(_ data: Data, bounds: ResizeBounds?, limits: ImageLimits) throws -> Outcome {
        // The ftyp box that names a HEIF brand sits at the start; 4 KB holds it and every other signature.
        switch try ImageFormatSniffer.format([UInt8](data.prefix(4096))) {
        case .jpeg:
            let outcome = try JPEGDecoder.decode(data, bounds: bounds, limits: limits)
            return Outcome(
                image: outcome.image, format: .jpeg, orientation: outcome.header.orientation,
                uprightSource: outcome.uprightSource, warnings: outcome.warnings)
        case .png: return try PNGDecoder.decode(data, bounds: bounds, limits: limits)
        case .heif: return try HEIFDecoder.decode(data, bounds: bounds, limits: limits)
        }
    }

    /// The size a `width`×`height` image is resized to for `bounds`: itself when nil.
    static func target(width: Int, height: Int, bounds: ResizeBounds?) -> (width: Int, height: Int) {
        guard let bounds else { return (width, height) }
        return ResizePlan.fitSize(width: width, height: height, bounds: bounds)
    }

    /// Refuses a decode whose buffers (`bytesPerPixel` for each of `pixels`) would not fit the memory budget.
    static func checkMemory(pixels: Int, bytesPerPixel: Int, limits: ImageLimits, format: String) throws {
        let needed = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        let budget = MemoryBudget.bytes(maxPixels: limits.maxPixels)
        if needed.overflow || needed.partialValue > budget {
            throw AlbumScanError.invalidImage(
                "image too large: decoding this \(format) needs over \(budget / 1_000_000) MB, the memory budget (6 bytes per pixel of ALBUMSCAN_MAX_PIXELS)"
            )
        }
    }

    /// A library's error text as one short lowercase line.
    static func oneLine(_ text: String) -> String {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.joined(separator: " ")
        return line.count > 160 ? String(line.prefix(160)) + "…" : line
    }
}
