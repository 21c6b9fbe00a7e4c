import AlbumScanCore
import Foundation
import Testing

@testable import AlbumScanServe

/// The scan results the page reads, encoded as the server encodes them (JSONOutput), pinned in
/// Tests/Page/fixtures/scan-result.json: a renamed or moved field changes the file, and the page's own test
/// (Tests/Page/scan-json.test.mjs) checks every field the page reads against it.
/// ALBUMSCAN_RECORD_PAGE_FIXTURE=1 writes the file anew, for a change to the JSON that is meant.
@Suite struct PageFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Page/fixtures/scan-result.json")

    /// One result of each kind the page draws: identified (a duplicate, so `identification.duplicateOf` is there,
    /// graded, reviewed and verified), failed (a quality refusal answered from the photo's last try, so `repeated`
    /// is there) and skipped.
    static func results() -> [String: ScanResult] {
        let release = "3f6c1a52-7d0e-4b8a-9c1e-2a5d8e4f6b70"
        var album = Album(
            artist: "The Velvet Circuit", title: "Signal Bloom", year: "1998", genres: ["Electronic", "Trip Hop"],
            label: "Loopback Records", musicbrainzReleaseId: release, barcode: "5012345678900")
        album.edition.catalogNumber = "LOOP 012"
        let review = Review(
            summary: "A patient trip hop record that rewards close listening.",
            bullets: ["Slow builds and dub-wise space.", "Clean, spacious production."], rating: 8.5,
            recommendation: "Essential Classic", keyTracks: ["Opening Signal", "Last Light"])
        let stored = StoredScan(
            id: 42, scannedAt: Date(timeIntervalSince1970: 1_700_000_000), fileName: "IMG_0042.jpg",
            inputSha256: String(repeating: "ab", count: 32), tier: .base, calls: 0, searchGate: .notNeeded,
            album: album, artworkStatus: .cached, artworkURL: "https://coverartarchive.org/release/\(release)/front",
            reviewStatus: .cached, reviewKey: nil, review: review, promptHash: "", timings: [:],
            verification: Verification(status: .verified, score: 0.91, releaseId: release), method: .duplicate,
            duplicateOf: "IMG_0041.jpg",
            shop: ShopFields(
                mediaCondition: "Very Good Plus (VG+)", sleeveCondition: "Near Mint (NM or M-)", location: "Bin 4",
                sku: "SKU-0042", comments: "Small seam split", price: "12.50"))
        var failed = ScanResult.failed(file: "IMG_0043.jpg", .photoQuality("the photo is too blurry to read; hold the phone still"))
        failed.repeated = true
        return [
            "identified": ScanResult(stored: stored),
            "failed": failed,
            "skipped": .skipped(file: "IMG_0042.jpg", .alreadyScanned, scanId: 42),
        ]
    }

    @Test("the page's fixture is what the server encodes for one identified, one failed and one skipped scan")
    func fixtureMatchesTheEncoding() throws {
        let encoded = try JSONOutput.encode(Self.results(), pretty: true) + "\n"
        let recording = ProcessInfo.processInfo.environment["ALBUMSCAN_RECORD_PAGE_FIXTURE"] == "1"
        guard !recording, let pinned = try? String(contentsOf: Self.fixture, encoding: .utf8) else {
            try Data(encoded.utf8).write(to: Self.fixture)
            Issue.record("wrote \(Self.fixture.path): check it in, then run the test again")
            return
        }
        #expect(
            pinned == encoded,
            """
            the scan JSON differs from \(Self.fixture.lastPathComponent): if the change is meant, make sure the page \
            reads the new fields (Sources/AlbumScanServe/Page/js/scan-result.js), then record the file again \
            (ALBUMSCAN_RECORD_PAGE_FIXTURE=1) and run node --test Tests/Page/
            """)
    }

    static let stageWordsFixture = fixture.deletingLastPathComponent().appendingPathComponent("stage-words.json")

    @Test("the page's stage words fixture is what GET /api/session sends: the CLI's words, by stage code")
    func stageWordsMatchTheSession() throws {
        struct Words: Encodable {
            var stageWords: [String: String]
            var searchingAfterSeconds: Double
        }
        let session = SessionInfo(configuration: ServeConfiguration(token: "t"), client: "c")
        let encoded =
            try JSONOutput.encode(
                Words(stageWords: session.stageWords, searchingAfterSeconds: session.searchingAfterSeconds), pretty: true)
            + "\n"
        let recording = ProcessInfo.processInfo.environment["ALBUMSCAN_RECORD_PAGE_FIXTURE"] == "1"
        guard !recording, let pinned = try? String(contentsOf: Self.stageWordsFixture, encoding: .utf8) else {
            try Data(encoded.utf8).write(to: Self.stageWordsFixture)
            Issue.record("wrote \(Self.stageWordsFixture.path): check it in, then run the test again")
            return
        }
        #expect(pinned == encoded, "the session's stage words differ from stage-words.json: record it again")
    }
}
