import Testing

@testable import AlbumScanCore

@Suite struct ReleaseRankerTests {
    static let original = ReleaseCandidate(
        id: "original", score: 95, title: "OK Computer", artist: "Radiohead", date: "1997-05-21")

    @Test func picksTheOriginalOfficialAlbumAmongDecoys() {
        let candidates = [
            ReleaseCandidate(
                id: "bootleg", score: 100, title: "OK Computer", artist: "Radiohead", status: "Bootleg", date: "1996"),
            ReleaseCandidate(
                id: "live", score: 98, title: "OK Computer", artist: "Radiohead", secondaryTypes: ["Live"], date: "1997-01-01"),
            ReleaseCandidate(id: "reissue", score: 100, title: "OK Computer", artist: "Radiohead", date: "2009-03-24"),
            ReleaseCandidate(
                id: "compilation", score: 97, title: "OK Computer", artist: "Radiohead", secondaryTypes: ["Compilation"],
                date: "1990"),
            Self.original,
        ]
        #expect(ReleaseRanker.best(candidates, artist: "Radiohead", title: "OK Computer")?.id == "original")
    }

    @Test func neverTakesAnUnrelatedFirstHit() {
        let candidates = [ReleaseCandidate(id: "other", score: 100, title: "Kid A", artist: "Radiohead")]
        #expect(ReleaseRanker.best(candidates, artist: "Radiohead", title: "OK Computer") == nil)
    }

    @Test func matchesDespiteEditionNoiseAndCase() {
        let candidates = [ReleaseCandidate(id: "deluxe", score: 90, title: "Rumours (Deluxe Edition)", artist: "Fleetwood Mac")]
        #expect(ReleaseRanker.best(candidates, artist: "fleetwood mac", title: "Rumours")?.id == "deluxe")
    }

    @Test func treatsAMissingDateAsLatest() {
        let undated = ReleaseCandidate(id: "undated", score: 100, title: "OK Computer", artist: "Radiohead")
        #expect(ReleaseRanker.best([undated, Self.original], artist: "Radiohead", title: "OK Computer")?.id == "original")
    }
}
