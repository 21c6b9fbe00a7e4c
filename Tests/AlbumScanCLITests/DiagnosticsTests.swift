import AlbumScanTestSupport
import Foundation
import Testing

/// Failures are said on stderr in every mode, and unavailable stages say why in the JSON.
@Suite struct DiagnosticsTests {
    @Test func aFailedInputUnderJSONAlsoPrintsOneLineOnStderr() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let broken = fixture.covers.appendingPathComponent("broken.jpg")
        try Data("not a jpeg".utf8).write(to: broken)
        let output = try await fixture.run(["scan", broken.path, "--json"])
        #expect(output.status == 65)
        #expect((output.jsonLines.first?["error"] as? [String: Any])?["code"] as? String == "invalid-image")
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("albumscan: \(broken.path): "), "\(output.stderr)")
    }

    @Test func unavailableArtworkCarriesItsReason() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("06"), "--json"])
        #expect(output.status == 0)
        let artwork = output.jsonLines.first?["artwork"] as? [String: Any]
        #expect(artwork?["status"] as? String == "unavailable")
        let reason = artwork?["reason"] as? [String: Any]
        #expect(reason?["code"] as? String == "no-front-cover")
        #expect((reason?["message"] as? String)?.isEmpty == false)
        let review = output.jsonLines.first?["review"] as? [String: Any]
        #expect(review?["status"] as? String == "generated" && review?["reason"] == nil)
    }
}
