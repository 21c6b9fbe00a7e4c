import Foundation
import Testing

@Suite struct KeyringCommandTests {
    @Test func keyringIsPrivateAndSurvivesDeletingTheDatabase() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("01")]).status == 0)
        let keyring = fixture.runner.home.appendingPathComponent("keyring.json")
        let mode = try FileManager.default.attributesOfItem(atPath: keyring.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.runner.home.path)
        where name.hasPrefix("albumscan.sqlite") {
            try FileManager.default.removeItem(at: fixture.runner.home.appendingPathComponent(name))
        }
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 1)
    }

    @Test func aHandEditedKeyringExits78OnAccountAndScan() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("01")]).status == 0)
        let keyring = fixture.runner.home.appendingPathComponent("keyring.json")
        let original = try String(contentsOf: keyring, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "\"freeScansUsed\" : 1", with: "\"freeScansUsed\" : 0")
        try #require(edited != original, "the keyring layout changed: \(original)")
        try edited.write(to: keyring, atomically: true, encoding: .utf8)
        let account = try await fixture.run(["account"])
        #expect(account.status == 78)
        #expect(account.stderr.contains("integrity"))
        let scan = try await fixture.run(["scan", try fixture.cover("01")])
        #expect(scan.status == 78)
        #expect(try String(contentsOf: keyring, encoding: .utf8) == edited, "a damaged keyring must never be rewritten")
    }
}
