import Foundation

/// libFuzzer entry for the JPEG input path: marker pre-parse, EXIF orientation, TurboJPEG decode, resize, re-encode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    // Small limits keep each run cheap; a rejection must always be `.invalidImage` with a one-line reason.
    let limits = ImageLimits(maxPixels: 4_000_000, uploadMaxSide: 256, maxScans: 100)
    do {
        let prepared = try ImagePrep.prepareUpload(data, limits: limits)
        guard max(prepared.width, prepared.height) <= limits.uploadMaxSide, (1...8).contains(prepared.orientation) else {
            fatalError("prepareUpload broke its contract: \(prepared.width)x\(prepared.height) o\(prepared.orientation)")
        }
    } catch let error as AlbumScanError {
        guard case .invalidImage(let message) = error, !message.isEmpty, !message.contains("\n") else {
            fatalError("unexpected rejection: \(error)")
        }
    } catch {
        fatalError("non-AlbumScanError thrown: \(error)")
    }
    // The EXIF parser on its own, fed the raw input as an APP1 body with and without the Exif header.
    _ = ExifOrientation.parse(ArraySlice(data))
    _ = ExifOrientation.parse(ArraySlice([0x45, 0x78, 0x69, 0x66, 0, 0] + [UInt8](data)))
    return 0
}
