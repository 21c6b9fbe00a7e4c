import AlbumScanMatching
import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// A slice of the bench's evaluation set on the shared corpus photos. It takes about a minute in a debug build
/// and `make bench BENCH_ONLY=matcher` measures the whole set, so it runs only with `ALBUMSCAN_MATCH_CORPUS=1`
/// (and `../shared` present).
@Suite(
    .enabled(
        if: ImagingCorpora.available && ProcessInfo.processInfo.environment["ALBUMSCAN_MATCH_CORPUS"] == "1",
        "set ALBUMSCAN_MATCH_CORPUS=1 (needs ../shared/corpora)"))
struct MatchEvalCorpusTests {
    @Test func corpusPhotosAllLoad() {
        let folder = ImagingCorpora.root!.appendingPathComponent("photos")
        #expect(MatchEvalSet.corpusImagery(folder: folder).count == ImagingCorpora.files("photos").count)
    }

    @Test func aSliceOfTheEvaluationSetBehaves() throws {
        let folder = ImagingCorpora.root!.appendingPathComponent("photos")
        let set = MatchEvalSet(imagery: MatchEvalSet.corpusImagery(folder: folder), seed: 7, sameCount: 4, differentCount: 4)
        var verified = 0
        for index in 0..<set.count {
            let pair = try set.pair(index)
            let result = ImageMatcher.compare(photo: pair.photo, candidate: pair.candidate)
            if pair.same, result.verdict == .verified { verified += 1 }
            if !pair.same { #expect(result.verdict != .verified, "\(pair.label): score \(result.score)") }
        }
        #expect(verified >= 3)
    }
}
