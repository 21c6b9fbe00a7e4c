import Foundation
import Testing

/// An unusable `musicbrainz.lock` costs the artwork, not the scan, and the reason names the lock file.
@Suite struct MusicBrainzLockTests {
    @Test func aDirectoryAtTheLockPathIsReported() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let lock = fixture.runner.home.appendingPathComponent("musicbrainz.lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json", "--verbose"])
        #expect(output.status == 0, "\(output.stderr)")
        let artwork = output.jsonLines.first?["artwork"] as? [String: Any]
        #expect(artwork?["status"] as? String == "unavailable")
        #expect(output.stderr.contains("artwork: unavailable: cannot open the lock file \(lock.path)"), "\(output.stderr)")
        let plain = try await fixture.run(["scan", try fixture.cover("02")])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("musicbrainz.lock"), "\(plain.stderr)")
    }
}
