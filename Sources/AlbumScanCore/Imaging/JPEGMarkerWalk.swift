import Foundation

/// One pass over the marker segments of a JPEG, skipping entropy-coded data without decoding it.
struct JPEGMarkerWalk {
    /// Fields of the first start-of-frame segment.
    struct Frame: Equatable {
        let kind: JPEGFrameKind
        let precision: Int
        let width: Int
        let height: Int
        let components: Int
    }

    let bytes: [UInt8]
    let maxScans: Int
    private(set) var frame: Frame?
    private(set) var scans = 0
    private(set) var orientation = 1
    /// The data ended before EOI.
    private(set) var truncated = false
    private var sawExif = false

    init(bytes: [UInt8], maxScans: Int) {
        self.bytes = bytes
        self.maxScans = maxScans
    }

    /// Walks from just after SOI to EOI or the end of the data.
    mutating func run() throws {
        var pos = 2
        while true {
            // Like libjpeg, tolerate stray bytes before a marker and any number of 0xFF fill bytes.
            while pos < bytes.count, bytes[pos] != 0xFF { pos += 1 }
            while pos < bytes.count, bytes[pos] == 0xFF { pos += 1 }
            guard pos < bytes.count else { truncated = true; return }
            let marker = bytes[pos]
            pos += 1
            switch marker {
            case 0xD9: return
            case 0x00, 0x01, 0xD0...0xD7: continue
            case 0xD8: throw AlbumScanError.invalidImage("corrupt jpeg: misplaced start marker")
            default: break
            }
            guard pos + 2 <= bytes.count else { truncated = true; return }
            let length = Int(bytes[pos]) << 8 | Int(bytes[pos + 1])
            guard length >= 2 else { throw AlbumScanError.invalidImage("corrupt jpeg: bad segment length") }
            let end = pos + length
            guard end <= bytes.count else { truncated = true; return }
            try segment(marker, body: bytes[(pos + 2)..<end])
            pos = marker == 0xDA ? skipEntropyData(from: end) : end
        }
    }

    private mutating func segment(_ marker: UInt8, body: ArraySlice<UInt8>) throws {
        if let kind = JPEGFrameKind(marker: marker) {
            guard frame == nil else { return }
            guard body.count >= 6 else { throw AlbumScanError.invalidImage("corrupt jpeg: short frame header") }
            let b = body.startIndex
            frame = Frame(
                kind: kind, precision: Int(body[b]),
                width: Int(body[b + 3]) << 8 | Int(body[b + 4]),
                height: Int(body[b + 1]) << 8 | Int(body[b + 2]),
                components: Int(body[b + 5]))
        } else if marker == 0xDA {
            guard frame != nil else { throw AlbumScanError.invalidImage("corrupt jpeg: scan before frame header") }
            scans += 1
            if scans > maxScans {
                throw AlbumScanError.invalidImage("too many progressive scans: more than \(maxScans)")
            }
        } else if marker == 0xE1, !sawExif, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {
            sawExif = true
            orientation = ExifOrientation.parse(body)
        }
    }

    /// The position of the next real marker after entropy-coded data (0xFF00 stuffing and RSTn are data).
    private mutating func skipEntropyData(from start: Int) -> Int {
        guard let found = Self.nextMarker(in: bytes, from: start) else {
            truncated = true
            return bytes.count
        }
        return found
    }

    /// The first 0xFF at or after `start` that begins a marker, with a byte after it; nil when there is none.
    static func nextMarker(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var pos = start
            while pos + 1 < buffer.count {
                // Entropy-coded data is megabytes with few 0xFF bytes: memchr skips to them far faster than a byte loop.
                guard let hit = memchr(base + pos, 0xFF, buffer.count - 1 - pos) else { return nil }
                pos = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let next = buffer[pos + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) || next == 0xFF {
                    pos += next == 0xFF ? 1 : 2
                    continue
                }
                return pos
            }
            return nil
        }
    }
}
