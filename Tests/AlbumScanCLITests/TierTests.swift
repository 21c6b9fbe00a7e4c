import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct TierTests {
    @Test func ultraSearchesWhenTheGatePasses() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["account", "set-tier", "ultra"]).status == 0)
        let output = try await fixture.run(["scan", try fixture.cover("03"), "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.jsonLines.first)
        #expect(
            line["identification"] as? [String: Any] as NSDictionary? == ["calls": 2, "searchGate": "passed", "method": "search"]
                as NSDictionary)
        #expect((line["album"] as? [String: Any])?["title"] as? String == "Ágætis Nótt")
        let search = try #require(fixture.services.openAI.calls.first { $0.model == "gpt-4o-search-preview" })
        #expect(search.usesWebSearch)
        #expect(!search.hasImage)
        for forbidden in ["temperature", "top_p", "frequency_penalty", "presence_penalty", "response_format"] {
            #expect(search.body[forbidden] == nil, "search request carried \(forbidden)")
        }
        #expect(search.userText.contains("MIRA SOLENNE"))
    }

    @Test(arguments: ["free", "ultra"])
    func lowConfidenceTextIsBlockedWithoutCallTwo(tier: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", tier])
        let output = try await fixture.run(["scan", try fixture.cover("04"), "--json"])
        #expect(output.status == 1)
        let line = try #require(output.jsonLines.first)
        #expect(line["status"] as? String == "unidentified")
        #expect((line["identification"] as? [String: Any])?["searchGate"] as? String == "blocked")
        #expect(fixture.services.openAI.calls.count == 1)
        #expect(fixture.services.openAI.calls.allSatisfy { !$0.usesWebSearch })
    }

    @Test func baseNeverSearches() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "base"])
        let output = try await fixture.run(["scan", try fixture.cover("03"), "--json", "--verbose"])
        #expect(output.status == 1)
        #expect((output.jsonLines.first?["identification"] as? [String: Any])?["searchGate"] as? String == "not-allowed")
        #expect(fixture.services.openAI.calls.count == 1)
        #expect(output.stderr.contains("base tier does not search"))
        #expect(try await fixture.run(["account", "advanced-search", "on"]).status == 64)
    }

    @Test func ultraWithAdvancedSearchBypassesTheGateAndCitesSources() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        #expect(try await fixture.run(["account", "advanced-search", "on"]).status == 0)
        let output = try await fixture.run(["scan", try fixture.cover("03"), "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.jsonLines.first)
        #expect((line["identification"] as? [String: Any])?["searchGate"] as? String == "bypassed")
        let review = try #require(line["review"] as? [String: Any])
        let sources = try #require(review["sources"] as? [[String: String]])
        #expect(sources.count == 2)
        #expect(sources.allSatisfy { !($0["url"] ?? "").contains("utm_source") && !($0["title"] ?? "").isEmpty })
        let reviewCall = try #require(fixture.services.openAI.calls.last)
        #expect(reviewCall.model == "gpt-4o-search-preview")
        #expect(reviewCall.systemText.contains("Metacritic"))
    }

    @Test func freeTierAllowsFiveScansThenExits77() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let unidentified = try await fixture.run(["scan", try fixture.cover("11")])
        #expect(unidentified.status == 1)
        for _ in 0..<5 { #expect(try await fixture.run(["scan", try fixture.cover("01"), "--no-local"]).status == 0) }
        let exhausted = try await fixture.run(["scan", try fixture.cover("01"), "--no-local"])
        #expect(exhausted.status == 77)
        #expect(exhausted.stderr.contains("free tier"))
        #expect(exhausted.stderr.contains("5"))
        let account = try #require(try await fixture.run(["account", "--json"]).json as? [String: Any])
        #expect(account["scansUsed"] as? Int == 5)
        #expect(account["scansRemaining"] as? Int == 0)
        #expect(account["tier"] as? String == "free")
    }

    @Test func monthlyExhaustionNamesTheResetDate() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "base"])
        let account = try #require(try await fixture.run(["account", "--json"]).json as? [String: Any])
        #expect(account["scanLimit"] as? Int == 120)
        #expect((account["period"] as? String)?.count == 7)
        #expect((account["resetsAt"] as? String)?.hasSuffix("01T00:00:00Z") == true)
    }
}
