import Foundation

/// libFuzzer entry for the MusicBrainz search decoder and the Cover Art Archive listing decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start else { return 0 }
    let body = Data(bytes: start, count: count)
    if let candidates = ReleaseCandidate.decodeSearch(body) {
        _ = candidates.map { "\($0.score) \($0.artist) \($0.title)" }
    }
    if let listing = CoverArtListing.decode(body) {
        if let front = listing.front { _ = CoverArtListing.downloadURLs(front) }
    }
    return 0
}
