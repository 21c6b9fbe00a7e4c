import Foundation
import Testing

@Suite struct SecretLeakTests {
    @Test func theKeyAppearsNowhere() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let key = fixture.services.openAI.apiKey
        let recordings = fixture.runner.home.appendingPathComponent("recordings")
        var outputs: [CLIRunner.Output] = []
        outputs.append(try await fixture.run(["scan", try fixture.cover("01"), "--verbose", "--record", recordings.path]))
        outputs.append(try await fixture.run(["scan", try fixture.cover("03"), "--verbose", "--json"]))
        outputs.append(try await fixture.run(["show", "1", "--verbose"]))
        outputs.append(try await fixture.run(["history", "--verbose", "--json"]))
        outputs.append(try await fixture.run(["account", "--verbose"]))
        #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
        #expect(outputs.contains { $0.stderr.contains("openai:") }, "verbose output should have been produced")
        for output in outputs {
            #expect(!output.stdout.contains(key))
            #expect(!output.stderr.contains(key))
        }
        // Every file in the state folder, database and WAL included, and every recording.
        let files = FileManager.default.enumerator(atPath: fixture.runner.home.path)?.compactMap { $0 as? String } ?? []
        #expect(files.contains { $0.hasPrefix("recordings/") })
        for name in files {
            let path = fixture.runner.home.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(data.range(of: Data(key.utf8)) == nil, "the API key leaked into \(name)")
        }
    }
}
