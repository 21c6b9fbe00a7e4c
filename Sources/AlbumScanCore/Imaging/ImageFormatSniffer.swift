/// Tells the accepted formats apart by content, and names anything else so the rejection says what the file is.
package enum ImageFormatSniffer {
    /// What albumscan reads, for rejection messages.
    static let accepted = "albumscan reads jpeg, png and heic"

    /// The format of `bytes`, or `.invalidImage` saying what the file is instead.
    static func format(_ bytes: [UInt8]) throws -> ImageFormat {
        switch sniff(bytes) {
        case .success(let format): return format
        case .failure(let reason): throw AlbumScanError.invalidImage(reason.text)
        }
    }

    /// A lowercase rejection reason for bytes that are none of the accepted formats, or nil when they are one.
    package static func rejection(_ bytes: [UInt8]) -> String? {
        if case .failure(let reason) = sniff(bytes) { return reason.text }
        return nil
    }

    /// What a file the page sends is, when it is an image of a format albumscan does not read ("a gif image"); nil
    /// for one it reads, and for anything else. The server's refusal says it in one plain sentence.
    package static func unreadKind(_ bytes: [UInt8]) -> String? {
        if case .failure(let reason) = sniff(bytes) { return reason.what }
        return nil
    }

    struct Reason: Error {
        let text: String
        var what: String? = nil
    }

    /// The media type of a photo's bytes, for serving it back as it was sent (JPEG when unknown).
    package static func mediaType(_ bytes: [UInt8]) -> String {
        switch sniff(bytes) {
        case .success(.png): "image/png"
        case .success(.heif): "image/heic"
        default: "image/jpeg"
        }
    }

    static func sniff(_ bytes: [UInt8]) -> Result<ImageFormat, Reason> {
        if bytes.isEmpty { return .failure(Reason(text: "empty file")) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return .success(.jpeg) }
        if starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if matches(bytes, at: 4, Array("ftyp".utf8)) { return isoMedia(bytes) }
        if starts(bytes, with: Array("GIF8".utf8)) { return unsupported("a gif image") }
        if starts(bytes, with: Array("RIFF".utf8)), matches(bytes, at: 8, Array("WEBP".utf8)) {
            return unsupported("a webp image")
        }
        // TIFF byte-order marks: plain TIFF, and the camera raw formats built on it (DNG, CR2, NEF, ARW).
        if starts(bytes, with: [0x49, 0x49, 0x2A, 0x00]) || starts(bytes, with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return unsupported("a tiff or camera raw image")
        }
        if starts(bytes, with: Array("BM".utf8)) && bytes.count >= 26 { return unsupported("a bmp image") }
        return .failure(Reason(text: "not an image albumscan can read: no jpeg, png or heic signature (\(accepted))"))
    }

    /// HEIF brands whose images are HEVC (`heic`, `heix`, ...) or generic HEIF (`mif1`, `msf1`); AVIF is refused.
    private static func isoMedia(_ bytes: [UInt8]) -> Result<ImageFormat, Reason> {
        let brands = ftypBrands(bytes)
        let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        if !brands.isDisjoint(with: hevc) { return .success(.heif) }
        if brands.contains("avif") || brands.contains("avis") { return unsupported("an avif image") }
        if brands.contains("mif1") || brands.contains("msf1") { return .success(.heif) }
        if brands.contains("crx ") { return unsupported("a canon raw image") }
        return unsupported("an iso media file (video?)")
    }

    /// The major and compatible brands of the `ftyp` box at the start of `bytes`.
    static func ftypBrands(_ bytes: [UInt8]) -> Set<String> {
        guard bytes.count >= 12 else { return [] }
        let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(bytes.count, size >= 16 ? size : 12)
        var brands: Set<String> = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.insert(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        return brands
    }

    private static func unsupported(_ what: String) -> Result<ImageFormat, Reason> {
        .failure(Reason(text: "unsupported image format: this is \(what); \(accepted)", what: what))
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        matches(bytes, at: 0, prefix)
    }

    private static func matches(_ bytes: [UInt8], at offset: Int, _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= offset + pattern.count else { return false }
        return Array(bytes[offset..<offset + pattern.count]) == pattern
    }
}
