import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// A scan saved while MusicBrainz could not be asked: identified, but without its release, artwork and Discogs id.
/// It says so, `history --incomplete` lists it, and a plain re-run completes it with no model call.
@Suite struct IncompleteScanTests {
    @Test func anOutageLeavesAScanThatAPlainReRunCompletes() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let photo = try fixture.cover("01")
        let album = try #require(fixture.album("01"))
        fixture.services.musicBrainz.outage(status: 400)
        let first = try await fixture.run(["scan", photo, "--no-art"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("saved without its MusicBrainz release and artwork"), "\(first.stderr)")
        let listed = try await fixture.run(["history", "--incomplete", "--json"])
        let items = try #require(listed.json as? [[String: Any]])
        #expect(items.count == 1 && (items.first?["album"] as? [String: Any])?["musicbrainzReleaseId"] is NSNull)

        fixture.services.musicBrainz.outage(status: nil)
        let identifications = { fixture.services.openAI.server.requests.filter { $0.bodyText.contains("image_url") }.count }
        let calls = identifications()
        let again = try await fixture.run(["scan", photo, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let line = try #require(again.jsonLines.first)
        #expect(line["scanId"] as? Int == 1, "completed in place")
        #expect((line["album"] as? [String: Any])?["musicbrainzReleaseId"] as? String == album.releaseID)
        #expect((line["album"] as? [String: Any])?["discogsReleaseIds"] as? [Int] == album.discogsReleaseIds)
        #expect((line["artwork"] as? [String: Any])?["status"] as? String != "unavailable")
        #expect((line["verification"] as? [String: Any])?["status"] as? String == "verified")
        #expect(identifications() == calls, "no model call")
        let after = try await fixture.run(["history", "--incomplete", "--json"])
        #expect((after.json as? [[String: Any]])?.isEmpty == true)
        let third = try await fixture.run(["scan", photo, "--json"])
        #expect(third.stderr.contains("already scanned as #1"), "complete now: skipped as usual; \(third.stderr)")
    }
}
