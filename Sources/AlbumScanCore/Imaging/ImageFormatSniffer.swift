/// Names the format of non-JPEG input so the rejection says what the file really is.
enum ImageFormatSniffer {
    /// A lowercase rejection reason for bytes that do not start with a JPEG SOI, or nil for a JPEG.
    static func rejection(_ bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "empty file" }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return nil }
        if starts(bytes, with: [0x89, 0x50, 0x4E, 0x47]) { return "not a jpeg: this is a png image" }
        if starts(bytes, with: Array("GIF8".utf8)) { return "not a jpeg: this is a gif image" }
        if starts(bytes, with: Array("RIFF".utf8)), matches(bytes, at: 8, Array("WEBP".utf8)) {
            return "not a jpeg: this is a webp image"
        }
        if matches(bytes, at: 4, Array("ftyp".utf8)) { return "not a jpeg: this is a heic/avif image" }
        return "not a jpeg: no jpeg start marker"
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        matches(bytes, at: 0, prefix)
    }

    private static func matches(_ bytes: [UInt8], at offset: Int, _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= offset + pattern.count else { return false }
        return Array(bytes[offset..<offset + pattern.count]) == pattern
    }
}
