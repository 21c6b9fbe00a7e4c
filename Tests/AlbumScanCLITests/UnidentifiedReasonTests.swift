import AlbumScanTestSupport
import Foundation
import Testing

/// An unidentified cover says why, on both outputs, and names the next steps that can still name it (issue 50,
/// item 2): the back's barcode first, the Ultra tier's web search where the tier did not search, a re-run where the
/// model may answer differently.
@Suite struct UnidentifiedReasonTests {
    static func reason(_ line: [String: Any]) -> (code: String?, steps: [String]) {
        let error = line["error"] as? [String: Any]
        let reason = (error?["reason"] as? [String: Any])?["code"] as? String
        let steps = (error?["nextSteps"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        return (reason, steps)
    }

    @Test("base tier: the reason is that it does not search, and the tips name --back and advanced search")
    func baseTierSaysItDoesNotSearch() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "base"])
        let cover = try fixture.cover("03")
        let json = try await fixture.run(["scan", "--rescan", cover, "--json"])
        #expect(json.status == 1)
        let line = try #require(json.jsonLines.first)
        let error = try #require(line["error"] as? [String: Any])
        #expect(error["code"] as? String == "unidentified")
        #expect(error["message"] as? String == "Unable to identify this cover art")
        #expect(Self.reason(line).code == "search-needed-base-tier")
        #expect(Self.reason(line).steps == ["photograph-back", "advanced-search"])

        let text = try await fixture.run(["scan", "--rescan", cover])
        #expect(text.status == 1)
        #expect(text.stderr.contains("Unable to identify this cover art: this cover needs a web search"), "\(text.stderr)")
        #expect(text.stderr.contains("the base tier does not search the web"))
        #expect(text.stderr.contains("albumscan scan \(cover) --back BACK.jpg"), "\(text.stderr)")
        #expect(text.stderr.contains("albumscan account advanced-search on"))
        #expect(!text.stderr.contains("try again"), "a re-run would pay for the same answer")
        let quiet = try await fixture.run(["scan", "--rescan", cover, "--quiet"])
        #expect(quiet.stderr.contains("base tier does not search the web") && !quiet.stderr.contains("Tip:"))
    }

    @Test("too little text to search: the reason, the back, a better photo of the front")
    func blockedGateSaysTooLittleText() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", "--rescan", try fixture.cover("04"), "--json"])
        #expect(output.status == 1)
        let line = try #require(output.jsonLines.first)
        #expect(Self.reason(line).code == "too-little-text")
        #expect(Self.reason(line).steps == ["photograph-back", "retake-front", "advanced-search"])
    }

    @Test("a cover the model did not know: the back, a better photo, or a re-run, which costs a model call")
    func unknownCoverOffersTheBackAndARerun() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("11")
        let output = try await fixture.run(["scan", cover, "--json"])
        let line = try #require(output.jsonLines.first)
        #expect(Self.reason(line).code == "model-did-not-know")
        #expect(Self.reason(line).steps == ["photograph-back", "retake-front", "try-again"])
        let text = try await fixture.run(["scan", "--rescan", cover])
        #expect(text.stderr.contains("Tip: photograph the back of the sleeve"), "\(text.stderr)")
        #expect(text.stderr.contains("Tip: try again: it makes a new model call"))
        let failed = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        let kept = try #require(failed.first?["error"] as? [String: Any])
        #expect((kept["reason"] as? [String: Any])?["code"] as? String == "model-did-not-know", "\(kept)")
    }

    @Test("an identified scan and a failure other than unidentified carry no reason")
    func onlyUnidentifiedCarriesAReason() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let identified = try #require(try await fixture.run(["scan", try fixture.cover("01"), "--json"]).jsonLines.first)
        #expect(identified["error"] == nil)
        let junk = fixture.covers.appendingPathComponent("junk.jpg")
        try Data("not an image".utf8).write(to: junk)
        let failed = try #require(try await fixture.run(["scan", junk.path, "--json"]).jsonLines.first)
        let error = try #require(failed["error"] as? [String: Any])
        #expect(error["reason"] == nil && error["nextSteps"] == nil)
    }
}
