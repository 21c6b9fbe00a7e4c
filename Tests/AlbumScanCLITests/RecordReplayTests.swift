import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct RecordReplayTests {
    /// Scans recorded against the fakes replay to the same JSON once the fakes are gone.
    @Test func recordingsReplayToTheSameResultsWithTheServicesDown() async throws {
        let fixture = try CLIFixture()
        let recordings = fixture.runner.home.appendingPathComponent("rec")
        let covers = try ["01", "03", "06", "07", "08"].map { try fixture.cover($0) }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        let recorded = try await fixture.run(["scan"] + covers + ["--record", recordings.path, "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let key = fixture.services.openAI.apiKey
        fixture.services.stop()
        defer { fixture.runner.remove() }

        for name in try FileManager.default.contentsOfDirectory(atPath: recordings.path) {
            let text = try String(contentsOf: recordings.appendingPathComponent(name), encoding: .utf8)
            #expect(!text.contains(key), "\(name) holds the API key")
            #expect(!text.lowercased().contains("authorization"), "\(name) holds an Authorization header")
        }

        // A fresh home, so nothing comes from the caches; no key at all.
        let replayer = try CLIRunner()
        defer { replayer.remove() }
        _ = try await replayer.run(["account", "set-tier", "ultra"])
        let replayed = try await replayer.run(["scan"] + covers + ["--replay", recordings.path, "--json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(Self.comparable(replayed.jsonLines) == Self.comparable(recorded.jsonLines))
        #expect(replayed.jsonLines.count == covers.count)
    }

    @Test func anUnrecordedRequestFailsNamingItself() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let empty = runner.home.appendingPathComponent("empty-recordings")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let cover = runner.home.appendingPathComponent("cover.jpg")
        try FixtureCatalog.albums[0].cover().write(to: cover)
        let output = try await runner.run(["scan", cover.path, "--replay", empty.path])
        #expect(output.status == 69)
        #expect(output.stderr.contains("no recording for POST https://api.openai.com/v1/chat/completions"))
        #expect(output.stderr.split(separator: "\n").count == 1)
    }

    @Test func rerecordingUnchangedTrafficGivesIdenticalFiles() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("02")
        var snapshots: [[String: Data]] = []
        for round in 0..<2 {
            let home = try CLIRunner(services: fixture.services.environment)
            defer { home.remove() }
            let folder = fixture.runner.home.appendingPathComponent("rec\(round)")
            #expect(try await home.run(["scan", cover, "--record", folder.path]).status == 0)
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
            snapshots.append(files)
        }
        #expect(snapshots[0].keys.sorted() == snapshots[1].keys.sorted())
        for (name, data) in snapshots[0] {
            #expect(snapshots[1][name] == data, "\(name) changed between identical recordings")
        }
    }

    /// The JSON lines without what legitimately differs between runs: ids, times and loopback ports.
    static func comparable(_ lines: [[String: Any]]) -> [NSDictionary] {
        lines.map { line in
            var copy = line
            copy["scanId"] = nil
            copy["scannedAt"] = nil
            return copy as NSDictionary
        }
    }
}
