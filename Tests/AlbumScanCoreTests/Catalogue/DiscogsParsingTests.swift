import Foundation
import Testing

@testable import AlbumScanCore

/// Reading MusicBrainz's url relations and Discogs' search answers and rate-limit headers.
@Suite struct DiscogsParsingTests {
    @Test(arguments: [
        ("https://www.discogs.com/release/30896", 30896 as Int?), ("http://www.discogs.com/release/30896", 30896),
        ("https://discogs.com/release/123-Artist-Title", 123), ("https://www.discogs.com/master/555", nil),
        ("https://www.discogs.com/artist/1", nil), ("https://example.com/release/1", nil),
        ("https://www.discogs.com/release/", nil), ("not a url", nil),
    ])
    func discogsReleaseURLs(resource: String, id: Int?) {
        #expect(DiscogsURL.releaseId(resource) == id)
    }

    @Test func urlRelationsKeepDiscogsReleasesInOrderWithoutRepeats() throws {
        let body = """
            {"id": "a", "title": "t", "relations": [
              {"type": "discogs", "target-type": "url", "url": {"id": "u1", "resource": "https://www.discogs.com/release/30896"}},
              {"type": "purchase for mail-order", "url": {"resource": "https://shop.example/a"}},
              {"type": "discogs", "url": {"resource": "https://www.discogs.com/release/2"}},
              {"type": "discogs", "url": {"resource": "https://www.discogs.com/release/30896"}}
            ]}
            """
        #expect(MusicBrainzClient.discogsReleaseIds(inLookup: Data(body.utf8)) == [30896, 2])
        #expect(MusicBrainzClient.discogsReleaseIds(inLookup: Data(#"{"id": "a", "title": "t"}"#.utf8)) == [])
        #expect(MusicBrainzClient.discogsReleaseIds(inLookup: Data("[]".utf8)) == nil)
    }

    @Test(arguments: [
        (#"{"id": "a", "barcode": "036000291452"}"#, "036000291452" as String?),
        (#"{"id": "a", "barcode": "5 012345-678900"}"#, "5012345678900"), (#"{"id": "a", "barcode": ""}"#, nil),
        (#"{"id": "a", "barcode": null}"#, nil), (#"{"id": "a"}"#, nil), ("[]", nil),
    ])
    func aLookupGivesTheBarcodeMusicBrainzStoresAsDigits(body: String, barcode: String?) {
        #expect(MusicBrainzClient.barcode(inLookup: Data(body.utf8)) == barcode)
    }

    @Test func searchResultsAreReleasesWithTheirCatalogueNumbersAndBarcodes() throws {
        let body = """
            {"pagination": {"items": 3}, "results": [
              {"id": 10, "type": "release", "title": "A - B", "catno": "X 1", "barcode": ["5 012345 678900", "LC 0309"]},
              {"id": 11, "type": "master", "title": "A - B"},
              {"id": "12", "type": "release", "title": "A - B (Reissue)", "catno": "X-1"}
            ]}
            """
        let results = DiscogsSearch.results(Data(body.utf8))
        #expect(results?.map(\.id) == [10, 12])
        #expect(try DiscogsSearch.releaseIds(Data(body.utf8)) { _ in true } == [10, 12])
        #expect(DiscogsSearch.sameBarcode("5 012345 678900", "5012345678900"))
        #expect(DiscogsSearch.sameBarcode("036000291452", "0036000291452"))
        #expect(!DiscogsSearch.sameBarcode("LC 0309", "5012345678900"))
    }

    /// A body that is not a search result is no answer: it throws, where "no release" would be cached as searched.
    @Test func anUnreadableSearchBodyThrows() {
        #expect(throws: HTTPTransportError.failed("Discogs answered the search with unreadable JSON")) {
            try DiscogsSearch.releaseIds(Data("<html>busy</html>".utf8)) { _ in true }
        }
    }

    @Test func theServerSaysWhenEveryProcessMustWait() {
        let now = 1_000.0
        let remaining = { (count: String) in
            HTTPResponse(status: 200, headers: ["X-Discogs-Ratelimit-Remaining": count])
        }
        #expect(DiscogsSearch.hold(remaining("12"), now: now, window: 60) == nil)
        #expect(DiscogsSearch.hold(remaining("0"), now: now, window: 60) == 1_060)
        #expect(DiscogsSearch.hold(HTTPResponse(status: 429, headers: ["Retry-After": "7"]), now: now, window: 60) == 1_007)
        #expect(DiscogsSearch.hold(HTTPResponse(status: 429), now: now, window: 60) == 1_060)
    }

    @Test(arguments: [
        ("musicbrainz.org", nil as Double?, 1.0, false), ("musicbrainz.org", 20, 1, true),
        ("beta.musicbrainz.org", 0.5, 0.5, false),
        ("mb.local", nil, 10, false), ("127.0.0.1", 20, 20, false), ("musicbrainz.org.example", 50, 50, false),
    ])
    func theRateDependsOnTheHost(host: String, requested: Double?, rate: Double, clamped: Bool) {
        let effective = MusicBrainzRate.effective(host: host, requested: requested)
        #expect(effective.rate == rate && effective.clamped == clamped)
    }

    @Test func spacingIsNeverUnderASecondOnThePublicServer() {
        #expect(MusicBrainzRate.spacing(host: "musicbrainz.org", requested: 100) == 1.05)
        #expect(abs(MusicBrainzRate.spacing(host: "mirror.lan", requested: 20) - 0.0525) < 1e-12)
        #expect(abs(MusicBrainzRate.spacing(host: "mirror.lan", requested: nil) - 0.105) < 1e-12)
        #expect(MusicBrainzRate.spacing(host: "127.0.0.1", requested: 1) == 1.05)
    }
}
