import Foundation
import Testing

/// A password in a service URL appears in no recording, message, verbose line or stored file.
@Suite struct URLPasswordLeakTests {
    static let password = "S3cretPw"

    static func withUserInfo(_ url: String) -> String {
        url.replacingOccurrences(of: "://", with: "://u:\(password)@")
    }

    @Test func aURLPasswordAppearsNowhere() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let services = fixture.services.environment
        let credentials = [
            "OPENAI_BASE_URL": Self.withUserInfo(services["OPENAI_BASE_URL"] ?? ""),
            "ALBUMSCAN_COVERART_URL": Self.withUserInfo(services["ALBUMSCAN_COVERART_URL"] ?? ""),
        ]
        let recordings = fixture.runner.home.appendingPathComponent("recordings")
        let empty = fixture.runner.home.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var outputs: [CLIRunner.Output] = []
        let cover = try fixture.cover("01")
        outputs.append(
            try await fixture.run(["scan", cover, "--verbose", "--json", "--record", recordings.path], extraEnvironment: credentials))
        #expect(outputs[0].status == 0, "\(outputs[0].stderr)")
        let replayed = try await fixture.run(["scan", cover, "--replay", empty.path, "--no-local"], extraEnvironment: credentials)
        #expect(replayed.stderr.contains("no recording for POST http://REDACTED@"), "\(replayed.stderr)")
        outputs.append(replayed)
        outputs.append(
            try await fixture.run(["account"], extraEnvironment: ["OPENAI_BASE_URL": "ftp://u:\(Self.password)@example.com/v1"]))
        #expect(outputs.last?.status == 78)
        outputs.append(try await fixture.run(["history", "--json"]))
        for output in outputs {
            #expect(!output.stdout.contains(Self.password) && !output.stderr.contains(Self.password), "\(output.stderr)")
        }
        let files = FileManager.default.enumerator(atPath: fixture.runner.home.path)?.compactMap { $0 as? String } ?? []
        #expect(files.contains { $0.hasPrefix("recordings/") })
        for name in files {
            let path = fixture.runner.home.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(data.range(of: Data(Self.password.utf8)) == nil, "the URL password leaked into \(name)")
        }
    }
}
