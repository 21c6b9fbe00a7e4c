import Foundation

/// Hand-built JPEG marker streams for parser tests; none of them carries real image data.
enum SyntheticJPEGBytes {
    static let soi: [UInt8] = [0xFF, 0xD8]
    static let eoi: [UInt8] = [0xFF, 0xD9]

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    static func sof(_ marker: UInt8 = 0xC0, precision: UInt8 = 8, width: Int, height: Int, components: UInt8 = 3) -> [UInt8] {
        var body: [UInt8] = [precision, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        body.append(components)
        for id in 0..<components { body += [id + 1, 0x11, 0] }
        return segment(marker, body)
    }

    /// An SOS header followed by `entropy` bytes.
    static func scan(_ entropy: [UInt8] = [0x12, 0x34]) -> [UInt8] {
        segment(0xDA, [1, 1, 0, 0, 63, 0]) + entropy
    }

    static let quantTable: [UInt8] = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))

    /// A complete marker stream: SOI, optional extra segments, SOF, scans, EOI.
    static func jpeg(_ extra: [UInt8] = [], sof: [UInt8], scans: Int = 1) -> [UInt8] {
        var bytes = soi + extra + quantTable + sof
        for _ in 0..<scans { bytes += scan() }
        return bytes + eoi
    }

    /// An APP1 EXIF segment whose IFD0 holds `entries` (tag, type, value) in the given byte order.
    static func exif(bigEndian: Bool, entries: [(tag: Int, type: Int, value: Int)]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8) + u16(entries.count)
        for entry in entries {
            // A SHORT value is left-justified in the 4-byte value field.
            tiff += u16(entry.tag) + u16(entry.type) + u32(1) + u16(entry.value) + u16(0)
        }
        tiff += u32(0)
        return segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// The APP1 body (after the length) of `exif(...)`, as the orientation parser receives it.
    static func exifPayload(bigEndian: Bool, entries: [(tag: Int, type: Int, value: Int)]) -> ArraySlice<UInt8> {
        exif(bigEndian: bigEndian, entries: entries).dropFirst(4)
    }

    /// Inserts `segment` right after the SOI of a real JPEG.
    static func inserting(_ segment: [UInt8], into jpeg: Data) -> Data {
        Data(soi + segment + [UInt8](jpeg.dropFirst(2)))
    }
}
