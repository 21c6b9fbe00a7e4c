/// Reads the orientation tag from an APP1 EXIF payload.
enum ExifOrientation {
    /// The orientation (1-8) in `payload` (the APP1 body after its length); 1 when absent or invalid.
    static func parse(_ payload: ArraySlice<UInt8>) -> Int {
        let bytes = Array(payload)
        guard bytes.count >= 14, Array(bytes[0..<6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return 1 }
        let tiff = Array(bytes[6...])
        let reader: TIFFReader
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): reader = TIFFReader(bytes: tiff, bigEndian: false)
        case (0x4D, 0x4D): reader = TIFFReader(bytes: tiff, bigEndian: true)
        default: return 1
        }
        guard reader.u16(2) == 42, let ifd = reader.u32(4), let count = reader.u16(ifd) else { return 1 }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = reader.u16(entry), let type = reader.u16(entry + 2) else { return 1 }
            // Tag 0x0112 must be a SHORT; its value sits left-justified in the 4-byte value field.
            guard tag == 0x0112 else { continue }
            guard type == 3, let value = reader.u16(entry + 8), (1...8).contains(value) else { return 1 }
            return value
        }
        return 1
    }
}

/// Bounds-checked integer reads from a TIFF block in either byte order.
private struct TIFFReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = Int(bytes[offset])
        let b = Int(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int) -> Int? {
        guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
        return bigEndian ? first << 16 | second : second << 16 | first
    }
}
