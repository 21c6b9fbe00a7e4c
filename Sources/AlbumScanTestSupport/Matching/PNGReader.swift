import AlbumScanCore
import CZlib
import Foundation

/// Reads the 8-bit, non-interlaced grey, RGB and RGBA PNGs of the shared photo corpus (enough for the evaluation set).
public enum PNGReader {
    /// Decoded RGB (alpha dropped, grey widened); nil for other PNG kinds or damaged files.
    public static func decode(_ data: Data) -> DecodedRGB? {
        let bytes = [UInt8](data)
        guard bytes.count > 33, bytes[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10] else { return nil }
        var offset = 8
        var width = 0
        var height = 0
        var channels = 0
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = offset + 8
            guard body + length <= bytes.count else { return nil }
            if type == "IHDR" {
                width = bytes[body..<(body + 4)].reduce(0) { $0 << 8 | Int($1) }
                height = bytes[(body + 4)..<(body + 8)].reduce(0) { $0 << 8 | Int($1) }
                channels = [0: 1, 2: 3, 6: 4][Int(bytes[body + 9])] ?? 0
                guard bytes[body + 8] == 8, bytes[body + 12] == 0, channels > 0 else { return nil }
            } else if type == "IDAT" {
                compressed += bytes[body..<(body + length)]
            } else if type == "IEND" {
                break
            }
            offset = body + length + 4
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard width > 0, status == Z_OK, Int(rawLength) == raw.count else { return nil }
        let rows = unfilter(raw, width: width, height: height, channels: channels)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            for c in 0..<3 { rgb[i * 3 + c] = rows[i * channels + (channels < 3 ? 0 : c)] }
        }
        return DecodedRGB(pixels: rgb, width: width, height: height)
    }

    /// Undoes the per-row filters (None, Sub, Up, Average, Paeth).
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let stride = width * channels
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = Int(raw[y * (stride + 1) + 1 + x])
                let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: predictor = 0
                }
                out[y * stride + x] = UInt8(truncatingIfNeeded: value + predictor)
            }
        }
        return out
    }
}
