import Foundation

/// libFuzzer entry for the HEIC/HEIF input path: the ftyp brand sniff, libheif's container parse, the size and
/// memory checks before decoding, HEVC decode through libde265, resize, re-encode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    _ = ImageFormatSniffer.ftypBrands([UInt8](data.prefix(4096)))
    checkPrepareUpload(data)
    return 0
}
