import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// `edit ID --release/--discogs-release/--artist/--title`: a wrong or incomplete identification corrected without a
/// model call, against the fakes.
@Suite struct CorrectionCommandTests {
    static func show(_ fixture: CLIFixture, _ id: Int) async throws -> [String: Any] {
        let output = try await fixture.run(["show", String(id), "--json"])
        return try #require(output.json as? [String: Any])
    }

    @Test func aReleaseNamedByHandBringsItsAlbumArtworkLinksAndVerdict() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let photo = try fixture.cover("07")
        let scanned = try await fixture.run(["scan", photo, "--json"])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let (right, wrong) = (try #require(fixture.album("07")), try #require(fixture.album("01")))
        let identifications = { fixture.services.openAI.server.requests.filter { $0.bodyText.contains("image_url") }.count }
        let calls = identifications()

        // The wrong release: its album, artwork and Discogs links, and the photo does not match its art.
        let address = "https://musicbrainz.org/release/\(wrong.releaseID)"
        let toWrong = try await fixture.run(["edit", "1", "--release", address])
        #expect(toWrong.status == 0, "\(toWrong.stderr)")
        #expect(toWrong.stdout.contains("Corrected scan 1: Signal Bloom by The Velvet Circuit"))
        var shown = try await Self.show(fixture, 1)
        var album = try #require(shown["album"] as? [String: Any])
        #expect(album["title"] as? String == wrong.title && album["musicbrainzReleaseId"] as? String == wrong.releaseID)
        #expect(album["discogsReleaseIds"] as? [Int] == [9_000_101, 9_000_102] && album["discogsIdSource"] as? String == "link")
        #expect((album["sources"] as? [String: String])?["label"] == "musicbrainz")
        var verification = try #require(shown["verification"] as? [String: Any])
        #expect(verification["status"] as? String == "mismatch" && verification["releaseId"] as? String == wrong.releaseID)
        #expect((shown["artwork"] as? [String: Any])?["url"] as? String != nil)

        // Back to the right release: verified again.
        let toRight = try await fixture.run(["edit", "1", "--release", right.releaseID])
        #expect(toRight.status == 0, "\(toRight.stderr)")
        shown = try await Self.show(fixture, 1)
        album = try #require(shown["album"] as? [String: Any])
        #expect(album["title"] as? String == right.title)
        verification = try #require(shown["verification"] as? [String: Any])
        #expect(verification["status"] as? String == "verified" && verification["releaseId"] as? String == right.releaseID)
        #expect(identifications() == calls, "no identification call (the new album's review is written, not the photo read)")
    }

    @Test func aDiscogsReleaseSetByHandReachesTheInventory() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let scanned = try await fixture.run(["scan", try fixture.cover("07"), "--json"])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let before = try await fixture.run(["history", "--format", "discogs-inventory"])
        #expect(!before.stdout.contains("\n123,"))

        let set = try await fixture.run([
            "edit", "1", "--discogs-release", "https://www.discogs.com/release/123-Low-Orbit-Apogee", "--price", "12.50",
            "--media-condition", "VG+",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let album = try #require((try await Self.show(fixture, 1))["album"] as? [String: Any])
        #expect(album["discogsReleaseId"] as? Int == 123 && album["discogsIdSource"] as? String == "manual")
        let after = try await fixture.run(["history", "--format", "discogs-inventory"])
        let rows = after.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.dropFirst().contains { $0.hasPrefix("123,12.50,Very Good Plus (VG+),") }, "\(after.stdout)")
    }

    @Test func namesAreLookedUpAgainWithoutAModelCall() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["scan", try fixture.cover("07"), "--json"])
        let target = try #require(fixture.album("01"))
        let renamed = try await fixture.run(["edit", "1", "--artist", target.artist, "--title", target.title, "--json"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let object = try #require((renamed.json as? [[String: Any]])?.first)
        let album = try #require(object["album"] as? [String: Any])
        #expect(album["musicbrainzReleaseId"] as? String == target.releaseID && album["artist"] as? String == target.artist)
    }

    @Test(arguments: [
        (["edit", "1", "--release", "not-an-id"], "--release takes"),
        (["edit", "1", "--discogs-release", "https://www.discogs.com/master/5"], "--discogs-release takes"),
        (["edit", "1", "--release", "4e9db7b9-8263-4ee1-8da0-71506eb86a18", "--title", "X"], "without --artist"),
        (["edit", "1", "--artist", ""], "--artist cannot be empty"),
    ])
    func badCorrectionsAreUsageErrors(arguments: [String], message: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(arguments)
        #expect(output.status == 64 && output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func anUnknownIdOrReleaseChangesNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["scan", try fixture.cover("07"), "--json"])
        let before = try await Self.show(fixture, 1)
        let unknownId = try await fixture.run(["edit", "1-2", "--discogs-release", "5"])
        #expect(unknownId.status == 66 && unknownId.stderr.contains("nothing was changed"))
        fixture.services.musicBrainz.respondToLookups { _, _ in MBRelease.notFound }
        let unknownRelease = try await fixture.run(["edit", "1", "--release", "4e9db7b9-8263-4ee1-8da0-71506eb86a18"])
        #expect(unknownRelease.status == 64 && unknownRelease.stderr.contains("MusicBrainz has no release"))
        let after = try await Self.show(fixture, 1)
        #expect(
            NSDictionary(dictionary: before["album"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: after["album"] as? [String: Any] ?? [:]))
    }

    /// Issue 48, finding 2: correcting scan 2 to scan 1's release changes nothing `show` prints for scan 1.
    @Test func correctingOneScanLeavesAnotherScanOfTheReleaseAlone() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("07")]).status == 0)
        #expect(try await fixture.run(["scan", try fixture.cover("01")]).status == 0)
        let before = try await Self.show(fixture, 1)
        let right = try #require(fixture.album("07"))
        let corrected = try await fixture.run(["edit", "2", "--release", right.releaseID])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        let after = try await Self.show(fixture, 1)
        for key in ["album", "review", "artwork", "verification"] {
            #expect(
                NSDictionary(dictionary: before[key] as? [String: Any] ?? [:])
                    == NSDictionary(dictionary: after[key] as? [String: Any] ?? [:]), "scan 1's \(key) changed")
        }
        let second = try #require((try await Self.show(fixture, 2))["album"] as? [String: Any])
        #expect(second["musicbrainzReleaseId"] as? String == right.releaseID)
    }

    /// Issue 48, finding 3: names MusicBrainz does not know keep none of the wrong album's facts, and no model call
    /// is made for a review of an album nobody lists.
    @Test func unknownNamesClearTheWrongAlbumsFactsAndCostNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("07")]).status == 0)
        let calls = fixture.services.openAI.server.requests.count
        let renamed = try await fixture.run(["edit", "1", "--artist", "Arcade Saints", "--title", "Pink Static", "--json"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let shown = try await Self.show(fixture, 1)
        let album = try #require(shown["album"] as? [String: Any])
        #expect(album["artist"] as? String == "Arcade Saints" && album["title"] as? String == "Pink Static")
        #expect(album["musicbrainzReleaseId"] is NSNull && album["year"] is NSNull && album["label"] is NSNull)
        #expect(album["catalogNumber"] is NSNull && (album["genres"] as? [String]) == [])
        let sources = album["sources"] as? [String: String] ?? [:]
        #expect(!sources.values.contains("musicbrainz") && !sources.values.contains("model"), "\(sources)")
        #expect((shown["review"] as? [String: Any])?["status"] as? String == "unavailable")
        #expect(fixture.services.openAI.server.requests.count == calls, "no model call")
    }
}
