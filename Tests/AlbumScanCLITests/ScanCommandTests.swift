import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanApp
@testable import albumscan

@Suite struct ScanCommandTests {
    @Test func identifiedScanPrintsEveryContractFieldAndSavesIt() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.jsonLines
        try #require(lines.count == 1)
        let line = lines[0]
        #expect(line["status"] as? String == "identified")
        #expect((line["file"] as? String)?.hasSuffix("01-velvet-circuit.jpg") == true)
        #expect(line["scanId"] as? Int == 1)
        let album = try #require(line["album"] as? [String: Any])
        #expect(album["artist"] as? String == "The Velvet Circuit")
        #expect(album["title"] as? String == "Signal Bloom")
        #expect(album["year"] as? String == "1998")
        #expect(album["genres"] as? [String] == ["Electronic", "Trip Hop"])
        #expect(album["label"] as? String == "Loopback Records")
        // Decoys (bootleg, live, reissue, compilation) come first; the original official album must win.
        #expect(album["musicbrainzReleaseId"] as? String == fixture.album("01")?.releaseID)
        let identification = try #require(line["identification"] as? [String: Any])
        #expect(identification["calls"] as? Int == 1)
        #expect(identification["searchGate"] as? String == "not-needed")
        let artwork = try #require(line["artwork"] as? [String: Any])
        #expect(artwork["status"] as? String == "fetched")
        #expect((artwork["url"] as? String)?.contains("_thumb500.jpg") == true)
        let review = try #require(line["review"] as? [String: Any])
        #expect(review["status"] as? String == "generated")
        #expect((review["summary"] as? String)?.contains("Signal Bloom") == true)
        #expect((review["bullets"] as? [String])?.count == 3)
        #expect(review["rating"] as? Double != nil)
        #expect(RecommendationLabel.canonical(review["recommendation"] as? String ?? "") != nil)
        #expect((review["keyTracks"] as? [String])?.count == 4)
        #expect(review["sources"] as? [Any] != nil)
        #expect(line["error"] == nil)
        #expect(fixture.services.openAI.unexpectedRequests.isEmpty)
        #expect(fixture.services.musicBrainz.unexpectedRequests.isEmpty)
        #expect(fixture.services.coverArt.unexpectedRequests.isEmpty)
        let userAgents = Set(fixture.services.musicBrainz.server.requests.compactMap { $0.header("user-agent") })
        #expect(userAgents == ["albumscan/\(AlbumScanVersion.current) ( https://github.com/albumscan/albumscan )"])
    }

    @Test func textModeShowsTheDetailsInFeatureThreeOrder() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01")])
        #expect(output.status == 0, "\(output.stderr)")
        let text = output.stdout
        #expect(!text.contains("\u{1B}"))
        let markers = [
            "Album art unavailable", "  ", "The Velvet Circuit", "Signal Bloom", "Released: 1998", "Genre: Electronic, Trip Hop",
            "Label: Loopback Records", "rewards close listening", "  • ", "Rating: ", "🎵 Key Tracks", "  1. Opening Signal",
            "written by AI",
        ]
        var position = text.startIndex
        for marker in markers.dropFirst(2) {
            let found = try #require(
                text.range(of: marker, range: position..<text.endIndex), "missing or out of order: \(marker)")
            position = found.upperBound
        }
        let lines = text.split(separator: "\n").map(String.init)
        let badge = try #require(
            lines.firstIndex { line in RecommendationLabel.all.contains { line.contains($0.uppercased() + "  ") } })
        let artist = try #require(lines.firstIndex(of: "The Velvet Circuit"))
        #expect(badge < artist)
    }

    @Test func uploadsA12MegapixelPhotoWithin1024By768Upright() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("12", width: 4032, height: 3024), "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let call = try #require(fixture.services.openAI.calls.first { $0.hasImage })
        let url = try #require(call.imageDataURL)
        #expect(url.hasPrefix("data:image/jpeg;base64,"))
        let bytes = try #require(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count))))
        let image = try JPEGDecoder.decodeRGB(bytes, maxSide: nil, limits: ImageLimits())
        // 1/4 of 4032×3024 is within 2% of 1024×768, so it goes as decoded, with no resample.
        #expect(image.width == 1008)
        #expect(image.height == 756)
        #expect(call.responseFormatType == "json_schema")
        #expect(
            (call.body["response_format"] as? [String: Any]).flatMap { ($0["json_schema"] as? [String: Any])?["strict"] as? Bool }
                == true)
    }

    @Test func noArtAnywhereStillSucceedsWithAReview() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("06"), "--json"])
        #expect(output.status == 0)
        let line = try #require(output.jsonLines.first)
        #expect((line["artwork"] as? [String: Any])?["status"] as? String == "unavailable")
        #expect((line["review"] as? [String: Any])?["status"] as? String == "generated")
        // The Cover Art Archive answered 404 for the release.
        #expect(fixture.services.coverArt.coverArtServer.requests.contains { $0.path.hasPrefix("/release/") })
    }

    @Test func aFailedReviewIsUnavailableButTheScanSucceeds() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("07")
        let output = try await fixture.run(["scan", cover])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Review Temporarily Unavailable"))
        // Issue 41: the tip names a command that really asks for the review again (a plain re-run returns the
        // stored scan and asks nothing).
        let tip = "💡 Tip: run `albumscan scan \(ShellWord.quoted(cover)) --rescan` to retry the review."
        // The long temporary path wraps the tip; its words are whole.
        #expect(output.stdout.replacingOccurrences(of: "\n", with: " ").contains(tip), "\(output.stdout)")
        let json = try await fixture.run(["show", "1", "--json"])
        let review = try #require((json.json as? [String: Any])?["review"] as? [String: Any])
        #expect(review["status"] as? String == "unavailable")
        #expect(review["summary"] is NSNull)
        let reviewCalls = { fixture.services.openAI.calls.filter { $0.userText.contains("Title: Apogee") }.count }
        let asked = reviewCalls()
        #expect(asked > 0)
        #expect(try await fixture.run(["scan", cover]).status == 0)
        #expect(reviewCalls() == asked, "a plain re-run asks for no review")
        #expect(try await fixture.run(["scan", cover, "--rescan"]).status == 0)
        #expect(reviewCalls() > asked, "the tip's command asks for the review again")
        let history = try #require(try await fixture.run(["history", "--json"]).json as? [[String: Any]])
        #expect(history.map { $0["scanId"] as? Int } == [1], "in place")
    }
}

/// What a new user saw that they should not: tips under --quiet, an empty art box in a pipe, a state folder that
/// cannot be created exiting as a configuration problem.
@Suite struct QuietOutputTests {
    /// --quiet drops the "Tip:" lines, for an unidentified cover and for a review that could not be generated.
    @Test func quietDropsTheTips() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let unidentified = try fixture.cover("11")
        let loud = try await fixture.run(["scan", unidentified])
        #expect(loud.status == 1)
        #expect(loud.stderr.contains("Tip: photograph the back of the sleeve"))
        let quiet = try await fixture.run(["scan", unidentified, "--quiet"])
        #expect(quiet.status == 1)
        #expect(!quiet.stderr.contains("Tip:"), "\(quiet.stderr)")
        let noReview = try await fixture.run(["scan", try fixture.cover("07"), "--quiet"])
        #expect(noReview.stdout.contains("Review Temporarily Unavailable"))
        #expect(!noReview.stdout.contains("Tip:"))
    }

    /// In a pipe (or with NO_COLOR) nothing can be drawn, so no box says the art is not shown.
    @Test func noArtBoxInAPipe() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01")])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Signal Bloom"))
        #expect(!output.stdout.contains("Album art not shown here"))
    }

    /// A state folder that cannot be created is a storage problem: 74, as the exit table says.
    @Test func aStateFolderThatCannotBeCreatedExits74() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        for command in [["account", "set-tier", "base"], ["scan", "/nonexistent/cover.jpg"]] {
            let output = try await runner.run(command, extraEnvironment: ["ALBUMSCAN_HOME": "/proc/nope"])
            #expect(output.status == 74, "\(command): \(output.stderr)")
            #expect(output.stderr == "albumscan: cannot create the state folder /proc/nope; set ALBUMSCAN_HOME to a writable folder\n")
        }
    }
}

/// Commands that only read leave a fresh home as they found it.
@Suite struct ReadOnlyCommandTests {
    @Test func accountHistoryAndShowCreateNothing() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let home = runner.home.appendingPathComponent("fresh")
        let environment = ["ALBUMSCAN_HOME": home.path]
        let account = try await runner.run(["account", "--json"], extraEnvironment: environment)
        #expect(account.status == 0, "\(account.stderr)")
        let json = try #require(account.json as? [String: Any])
        #expect(json["tier"] as? String == "free" && json["scansUsed"] as? Int == 0)
        let history = try await runner.run(["history", "--json"], extraEnvironment: environment)
        #expect(history.status == 0)
        #expect((history.json as? [Any])?.isEmpty == true)
        let text = try await runner.run(["history"], extraEnvironment: environment)
        #expect(text.stdout.contains("Scan your first album to begin"))
        let show = try await runner.run(["show", "1"], extraEnvironment: environment)
        #expect(show.status == 66)
        #expect(!FileManager.default.fileExists(atPath: home.path), "the home was created")
    }
}
