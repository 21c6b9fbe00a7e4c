import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Issue 48, finding 1: `albumscan scan` of these generated back sleeves aborted with SIGABRT (exit 134) inside
/// zxing-cpp. Now each ends as any scan does: identified, or one clear line and exit 1.
@Suite struct BackSleeveCrashTests {
    @Test(arguments: ["5012345000312", "5012345000480"])
    func aBackSleeveScansWithoutTakingTheProcessDown(_ digits: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let back = fixture.covers.appendingPathComponent("back-\(digits).jpg")
        try BarcodeSleeve.jpeg(digits: digits).write(to: back)
        let scanned = try await fixture.run(["scan", back.path, "--json", "--verbose"])
        #expect(scanned.status == 0 || scanned.status == 1, "\(scanned.stderr)")
        #expect(scanned.stderr.contains("barcode: read EAN-13 \(digits)"), "the barcode is read")
        let line = try #require(scanned.jsonLines.first)
        #expect(["identified", "unidentified"].contains(line["status"] as? String ?? ""))
    }
}
