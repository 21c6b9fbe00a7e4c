import Foundation

/// libFuzzer entry for the PNG input path. The signature is forced so every input reaches libpng and the
/// eXIf walk instead of being refused by the format sniffer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var bytes = [UInt8](UnsafeBufferPointer(start: start, count: count))
    if !bytes.starts(with: signature) { bytes = signature + bytes.dropFirst(min(8, bytes.count)) }
    checkPrepareUpload(Data(bytes))
    _ = PNGChunks.orientation(Data(bytes))
    return 0
}
