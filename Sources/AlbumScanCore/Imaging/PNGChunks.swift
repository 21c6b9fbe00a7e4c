import Foundation

/// Walks a PNG's chunk list (length, type, body, CRC) without inflating anything.
enum PNGChunks {
    /// The orientation (1-8) in the `eXIf` chunk, 1 when there is none or it is invalid.
    ///
    /// The chunk holds a bare TIFF block, which `ExifOrientation` reads once given the APP1 `Exif\0\0` prefix.
    static func orientation(_ data: Data) -> Int {
        guard let body = firstBody(of: Array("eXIf".utf8), in: data) else { return 1 }
        return ExifOrientation.parse(ArraySlice([0x45, 0x78, 0x69, 0x66, 0, 0] + body))
    }

    /// The body of the first chunk of `type`, searched up to IEND or the end of the data; nil when absent.
    static func firstBody(of type: [UInt8], in data: Data) -> [UInt8]? {
        data.withUnsafeBytes { raw -> [UInt8]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
                let name = Array(bytes[(offset + 4)..<(offset + 8)])
                let body = offset + 8
                guard length <= bytes.count - body else { return nil }
                if name == type { return Array(bytes[body..<(body + length)]) }
                if name == Array("IEND".utf8) { return nil }
                offset = body + length + 4
            }
            return nil
        }
    }
}
