import CTurboJPEG
import Foundation

/// The only owner of TurboJPEG handles: every handle is created and destroyed inside one call.
enum TurboJPEG {
    /// Header fields reported by TurboJPEG.
    struct Header {
        let width: Int
        let height: Int
        /// The image is CMYK or YCCK, which TurboJPEG 2.1 cannot convert to RGB itself.
        let isCMYK: Bool
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
            // TurboJPEG 2.1 fails the header call for chroma layouts it has no TJSAMP name for (e.g. some
            // CMYK files) after filling in the size; tjDecompress2 still decodes them, so that is not an error.
            let unnamedSubsampling = status != 0 && errorText(handle).contains("Could not determine subsampling type")
            let warning = unnamedSubsampling ? nil : try check(status, handle)
            guard width > 0, height > 0 else { throw AlbumScanError.invalidImage("corrupt jpeg: no image size") }
            let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
            return Header(width: Int(width), height: Int(height), isCMYK: cmyk, warning: warning)
        }
    }

    /// Decompresses to packed RGB (or CMYK when `cmyk`) at exactly `width`×`height`, a TurboJPEG scaled size.
    static func decompress(
        _ data: Data, width: Int, height: Int, cmyk: Bool, maxPixels: Int
    ) throws -> (pixels: [UInt8], warning: String?) {
        try withDecompressor(maxPixels: maxPixels) { handle in
            let format = cmyk ? TJPF_CMYK : TJPF_RGB
            var pixels = [UInt8](repeating: 0, count: width * height * (cmyk ? 4 : 3))
            let status = pixels.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBytes { raw in
                    tjDecompress2(
                        handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                        out.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue), 0)
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

    // Policy: a libjpeg warning (premature end of file, corrupt entropy data, extraneous bytes) still
    // leaves a usable image, so we keep it and surface the text; anything else rejects the input.
    // TurboJPEG 2.1 reports TJERR_WARNING whenever any warning came first, even when a fatal error
    // followed, so the final message must also be one of libjpeg's warning texts.
    private static func check(_ status: Int32, _ handle: tjhandle) throws -> String? {
        guard status != 0 else { return nil }
        let text = errorText(handle)
        let isWarning = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
        if isWarning && warningPrefixes.contains(where: { text.hasPrefix($0) }) { return text }
        throw AlbumScanError.invalidImage("corrupt jpeg: \(text.lowercased())")
    }

    /// Openings of libjpeg-turbo 2.1's JWRN_* messages.
    private static let warningPrefixes = [
        "Corrupt JPEG data:", "Premature end of JPEG file", "Inconsistent progression sequence",
        "Invalid SOS parameters for sequential JPEG", "Warning: unknown JFIF revision number",
        "Unknown Adobe color transform code",
    ]

    private static func errorText(_ handle: tjhandle) -> String {
        guard let cString = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: cString)
    }
}
