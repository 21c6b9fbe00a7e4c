import AlbumScanTestSupport
import Foundation
import Glibc
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

/// A batch's exit code names its most severe outcome, not its first; a failure every later photo would meet stops it.
@Suite struct BatchStopTests {
    /// On the free tier (5 scans) an unidentified cover first, then seven more: the sixth model scan meets the
    /// exhausted quota, the batch stops there, and it exits 77, not 1.
    @Test func anExhaustedQuotaStopsTheBatchAndOutranksAnUnidentifiedCover() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = try ["11", "01", "02", "03", "05", "06", "08", "09"].map { try fixture.cover($0) }
        let output = try await fixture.run(["scan"] + covers + ["--json", "--jobs", "1", "--no-local"])
        let lines = output.jsonLines
        #expect(lines.map { $0["status"] as? String } == ["unidentified"] + Array(repeating: "identified", count: 5) + ["failed", "skipped"])
        #expect((lines[6]["error"] as? [String: Any])?["code"] as? String == "quota-exhausted")
        #expect((lines[7]["skipped"] as? [String: Any])?["reason"] as? String == "batch-stopped")
        #expect(lines[7]["file"] as? String == covers[7])
        let stderr = output.stderr.split(separator: "\n")
        #expect(stderr.count == 3, "the unidentified cover's line, the stop's and the summary: \(output.stderr)")
        #expect(stderr.dropLast().last?.hasSuffix("(stopped: 1 of 8 photos not scanned)") == true, "\(output.stderr)")
        #expect(stderr.last?.hasPrefix("albumscan: 8 photos: 5 identified, 1 unidentified, 1 failed, 1 skipped;") == true)
        #expect(output.status == 77)
    }

    /// No key: one line on stderr, before any photo is read (the undecodable file is never reached), exit 78.
    @Test func aMissingKeyIsOneLineBeforeAnyPhotoIsRead() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let broken = fixture.covers.appendingPathComponent("00-broken.jpg")
        try Data("not a jpeg".utf8).write(to: broken)
        for prefix in ["01", "02", "03", "05", "06", "08", "09", "10", "12"] { _ = try fixture.cover(prefix) }
        let output = try await fixture.run(["scan", fixture.covers.path, "--json"], extraEnvironment: ["OPENAI_API_KEY": ""])
        #expect(output.status == 78)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr
                == "albumscan: OPENAI_API_KEY is not set; export your OpenAI API key, or scan offline with --replay DIR\n")
        #expect(fixture.services.openAI.calls.isEmpty)
    }

    /// A rejected key (401) stops the batch after the photo that met it: one line, the rest skipped, exit 78.
    @Test func aRejectedKeyStopsTheBatch() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in .error(status: 401, type: "invalid_request_error", code: "invalid_api_key", message: "Incorrect API key provided") }
        let covers = try ["01", "02", "03", "05"].map { try fixture.cover($0) }
        let output = try await fixture.run(["scan"] + covers + ["--json", "--jobs", "1", "--no-local"])
        #expect(output.status == 78)
        #expect(output.jsonLines.map { $0["status"] as? String } == ["failed", "skipped", "skipped", "skipped"])
        let stderr = output.stderr.split(separator: "\n")
        #expect(stderr.count == 2, "the stop's line and the summary: \(output.stderr)")
        #expect(stderr.first?.contains("rejected the API key") == true)
        #expect(stderr.last?.hasPrefix("albumscan: 4 photos: 0 identified, 1 failed, 3 skipped;") == true)
        #expect(fixture.services.openAI.calls.count == 1)
    }

    /// A model provider nothing answers at: the batch stops after the photo that met it, one line, exit 69, and
    /// no photo is listed as failed (the photos were never judged).
    @Test func anUnreachableProviderStopsTheBatch() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = try ["01", "02", "03", "05"].map { try fixture.cover($0) }
        // A port bound but not listening refuses connections, and no other test's server can take it meanwhile.
        let reserved = try ReservedPort()
        defer { reserved.close() }
        let closed = reserved.port
        let output = try await fixture.run(
            ["scan"] + covers + ["--json", "--jobs", "1", "--no-local"],
            extraEnvironment: ["OPENAI_BASE_URL": "http://127.0.0.1:\(closed)/v1"])
        #expect(output.status == 69)
        #expect(output.jsonLines.map { $0["status"] as? String } == ["failed", "skipped", "skipped", "skipped"])
        #expect((output.jsonLines.first?["error"] as? [String: Any])?["code"] as? String == "service-failed")
        #expect(output.jsonLines.dropFirst().allSatisfy { ($0["skipped"] as? [String: Any])?["reason"] as? String == "batch-stopped" })
        let stderr = output.stderr.split(separator: "\n")
        #expect(stderr.count == 2, "the stop's line and the summary: \(output.stderr)")
        #expect(stderr.first?.contains("could not connect") == true)
        let failed = try await fixture.run(["history", "--failed", "--json"])
        #expect((failed.json as? [Any])?.isEmpty == true)
    }
}
