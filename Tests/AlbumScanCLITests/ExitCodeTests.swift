import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct ExitCodeTests {
    @Test func missingFileExits66() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", fixture.covers.appendingPathComponent("absent.jpg").path])
        #expect(output.status == 66)
        #expect(output.stderr.contains("no such file"))
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(fixture.services.openAI.calls.isEmpty)
    }

    @Test(arguments: [
        ("empty.jpg", Data()), ("text.jpg", Data("hello, not a picture\n".utf8)),
        ("png.jpg", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])),
    ])
    func undecodableInputExits65(name: String, bytes: Data) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let file = fixture.covers.appendingPathComponent(name)
        try bytes.write(to: file)
        let output = try await fixture.run(["scan", file.path, "--json"])
        #expect(output.status == 65)
        #expect(output.stderr.split(separator: "\n").count == 1, "the error is also said on stderr")
        let line = try #require(output.jsonLines.first)
        #expect(line["status"] as? String == "failed")
        #expect((line["error"] as? [String: Any])?["code"] as? String == "invalid-image")
        #expect(fixture.services.openAI.calls.isEmpty)
        let text = try await fixture.run(["scan", file.path])
        #expect(text.status == 65)
        #expect(text.stderr.split(separator: "\n").count == 1)
    }

    @Test func missingKeyExits78NamingTheVariable() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01")], extraEnvironment: ["OPENAI_API_KEY": ""])
        #expect(output.status == 78)
        #expect(output.stderr.contains("OPENAI_API_KEY"))
        #expect(fixture.services.openAI.calls.isEmpty)
    }

    @Test func rejectedKeyExits78() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let wrongKey = "sk-wrong-fakekey"
        let output = try await fixture.run(
            ["scan", try fixture.cover("01"), "--verbose"], extraEnvironment: ["OPENAI_API_KEY": wrongKey])
        #expect(output.status == 78)
        #expect(output.stderr.contains("OPENAI_API_KEY"))
        #expect(!output.stderr.contains(wrongKey) && !output.stdout.contains(wrongKey))
        #expect(!output.stderr.contains("fakekey"))
    }

    @Test func serverErrorsAfterRetriesExit69() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in .serverError }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        #expect(output.status == 69)
        #expect(fixture.services.openAI.calls.count == 3)
        #expect((output.jsonLines.first?["error"] as? [String: Any])?["code"] as? String == "service-failed")
    }

    @Test func unidentifiedExits1SavesNothingAndUsesNoQuota() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("11")])
        #expect(output.status == 1)
        #expect(output.stderr.contains("Unable to identify this cover art"))
        #expect(output.stderr.contains("fill the frame with the front cover"))
        #expect(output.stdout.isEmpty)
        #expect((try await fixture.run(["history", "--json"]).json as? [Any])?.isEmpty == true)
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 0)
    }

    @Test(arguments: [
        ["scan"], ["scan", "x.jpg", "--jobs", "0"], ["show", "abc"], ["frobnicate"],
        ["scan", "x.jpg", "--record", "a", "--replay", "b"],
    ])
    func usageErrorsExit64(arguments: [String]) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let output = try await runner.run(arguments)
        #expect(output.status == 64)
        #expect(!output.stderr.isEmpty)
    }
}

/// A batch's exit code names its most severe outcome, not its first.
@Suite struct BatchExitCodeTests {
    /// On the free tier (5 scans) an unidentified cover first, then seven more: the quota stops two, so 77, not 1.
    @Test func anExhaustedQuotaOutranksAnEarlierUnidentifiedCover() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = try ["11", "01", "02", "03", "05", "06", "08", "09"].map { try fixture.cover($0) }
        let output = try await fixture.run(["scan"] + covers + ["--json", "--jobs", "1", "--no-local"])
        let codes = output.jsonLines.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(codes.first == "unidentified")
        #expect(codes.filter { $0 == "quota-exhausted" }.count == 2, "\(codes)")
        #expect(output.status == 77)
    }
}
