import CTurboJPEG
import Foundation

/// The only owner of TurboJPEG handles: every handle is created and destroyed inside one call.
enum TurboJPEG {
    /// Header fields reported by TurboJPEG.
    struct Header {
        let width: Int
        let height: Int
        let warning: String?
    }

    /// Compresses packed RGB pixels with 4:2:0 chroma subsampling.
    static func compressRGB(_ pixels: [UInt8], width: Int, height: Int, quality: Int) throws -> Data {
        guard let handle = tjInitCompress() else {
            throw AlbumScanError.invalidImage("jpeg encoder could not start")
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = pixels.withUnsafeBufferPointer { buffer in
            tjCompress2(
                handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        guard status == 0, let output else {
            throw AlbumScanError.invalidImage("jpeg encode failed: \(errorText(handle))")
        }
        return Data(bytes: output, count: Int(size))
    }

    /// Reads the frame size; a warning-level failure still yields the size plus its text.
    static func header(_ data: Data, maxPixels: Int) throws -> Header {
        try withDecompressor(maxPixels: maxPixels) { handle in
            var width: Int32 = 0
            var height: Int32 = 0
            var subsamp: Int32 = 0
            var colorspace: Int32 = 0
            let status = data.withUnsafeBytes { raw in
                tjDecompressHeader3(
                    handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                    &width, &height, &subsamp, &colorspace)
            }
            let warning = try check(status, handle)
            guard width > 0, height > 0 else { throw AlbumScanError.invalidImage("corrupt jpeg: no image size") }
            return Header(width: Int(width), height: Int(height), warning: warning)
        }
    }

    /// Decompresses to packed RGB at exactly `width`×`height`, which must be a TurboJPEG scaled size.
    static func decompressRGB(_ data: Data, width: Int, height: Int, maxPixels: Int) throws -> (pixels: [UInt8], warning: String?) {
        try withDecompressor(maxPixels: maxPixels) { handle in
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBytes { raw in
                    tjDecompress2(
                        handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                        out.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), 0)
                }
            }
            let warning = try check(status, handle)
            return (pixels, warning)
        }
    }

    /// The DCT scaling factors the library supports, as numerator/denominator pairs.
    static func scalingFactors() -> [(num: Int, denom: Int)] {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return [(1, 1)] }
        return (0..<Int(count)).map { (Int(factors[$0].num), Int(factors[$0].denom)) }
    }

    private static func withDecompressor<T>(maxPixels: Int, _ body: (tjhandle) throws -> T) throws -> T {
        MemoryBudget.installIfNeeded(maxPixels: maxPixels)
        guard let handle = tjInitDecompress() else {
            throw AlbumScanError.invalidImage("jpeg decoder could not start")
        }
        defer { tjDestroy(handle) }
        return try body(handle)
    }

    // Policy: a TJERR_WARNING (e.g. premature end of data, corrupt restart marker) still leaves a
    // usable image, so we keep it and surface the text; only TJERR_FATAL rejects the input.
    private static func check(_ status: Int32, _ handle: tjhandle) throws -> String? {
        guard status != 0 else { return nil }
        let text = errorText(handle)
        if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) { return text }
        throw AlbumScanError.invalidImage("corrupt jpeg: \(text.lowercased())")
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let cString = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: cString)
    }
}
