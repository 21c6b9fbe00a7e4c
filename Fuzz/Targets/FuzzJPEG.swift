import Foundation

/// libFuzzer entry for the JPEG input path: marker pre-parse, EXIF orientation, TurboJPEG decode, resize, re-encode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    checkPrepareUpload(data)
    // The EXIF parser on its own, fed the raw input as an APP1 body with and without the Exif header.
    _ = ExifOrientation.parse(ArraySlice(data))
    _ = ExifOrientation.parse(ArraySlice([0x45, 0x78, 0x69, 0x66, 0, 0] + [UInt8](data)))
    return 0
}
