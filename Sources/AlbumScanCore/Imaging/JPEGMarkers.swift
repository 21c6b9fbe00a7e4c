import Foundation

/// Pre-parses JPEG markers without decoding and rejects input the decoder must never see.
package enum JPEGMarkers {
    /// The header of `data`, or `.invalidImage` naming why it is not an acceptable JPEG under `limits`.
    package static func parse(_ data: Data, limits: ImageLimits) throws -> JPEGHeaderInfo {
        let bytes = [UInt8](data)
        let format = try ImageFormatSniffer.format(bytes)
        guard format == .jpeg else { throw AlbumScanError.invalidImage("not a jpeg: this is a \(format.rawValue) image") }
        var walk = JPEGMarkerWalk(bytes: bytes, maxScans: max(limits.maxScans, 1))
        try walk.run()
        guard let frame = walk.frame else {
            throw AlbumScanError.invalidImage(
                walk.truncated ? "truncated jpeg: no frame header" : "no image: jpeg has no frame header (tables only)")
        }
        try check(frame, limits: limits)
        guard walk.scans > 0 else {
            throw AlbumScanError.invalidImage(walk.truncated ? "truncated jpeg: no image data" : "corrupt jpeg: no image data")
        }
        return JPEGHeaderInfo(
            frame: frame.kind, precision: frame.precision, width: frame.width, height: frame.height,
            components: frame.components, scans: walk.scans, orientation: walk.orientation)
    }

    private static func check(_ frame: JPEGMarkerWalk.Frame, limits: ImageLimits) throws {
        if frame.kind.isLossless {
            throw AlbumScanError.invalidImage("unsupported jpeg: lossless coding")
        }
        if frame.kind == .hierarchical {
            throw AlbumScanError.invalidImage("unsupported jpeg: hierarchical coding")
        }
        if frame.precision != 8 {
            throw AlbumScanError.invalidImage("unsupported jpeg: \(frame.precision)-bit samples (only 8-bit is supported)")
        }
        if frame.width == 0 || frame.height == 0 {
            throw AlbumScanError.invalidImage("invalid jpeg: zero width or height")
        }
        try checkPixels(width: frame.width, height: frame.height, limits: limits)
    }

    /// Rejects a `width`×`height` image over `limits.maxPixels`.
    static func checkPixels(width: Int, height: Int, limits: ImageLimits) throws {
        if width * height > limits.maxPixels {
            let mp = limits.maxPixels
            let limit = mp % 1_000_000 == 0 ? "\(mp / 1_000_000) megapixel" : "\(mp) pixel"
            // The limit is a setting: the message names it, so a user with a huge scan knows what to raise.
            throw AlbumScanError.invalidImage(
                "image too large: \(width)x\(height) is over the \(limit) limit (ALBUMSCAN_MAX_PIXELS)")
        }
    }
}
