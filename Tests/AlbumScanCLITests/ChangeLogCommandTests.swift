import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// `edit --if-version` and `show --changes`: a shell's side of DESIGN wave 5's versions and change log.
@Suite struct ChangeLogCommandTests {
    @Test func aStaleIfVersionChangesNothingAndExits65() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("07")]).status == 0)
        let first = try await fixture.run(["edit", "1", "--location", "Bin 4", "--if-version", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let stale = try await fixture.run(["edit", "1", "--location", "Bin 9", "--if-version", "1"])
        #expect(stale.status == 65 && stale.stderr.contains("scan 1 changed since version 1"), "\(stale.stderr)")
        let shown = try #require(try await fixture.run(["show", "1", "--json"]).json as? [String: Any])
        #expect(shown["location"] as? String == "Bin 4" && shown["version"] as? Int == 2)
        let many = try await fixture.run(["edit", "1-2", "--location", "X", "--if-version", "2"])
        #expect(many.status == 64)
    }

    @Test func showChangesListsEachVersion() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("07")]).status == 0)
        let none = try await fixture.run(["show", "1", "--changes"])
        #expect(none.status == 0 && none.stdout.contains("scan 1, version 1: no changes"), "\(none.stdout)")
        _ = try await fixture.run(["edit", "1", "--sku", "A-7"])
        let text = try await fixture.run(["show", "1", "--changes"])
        #expect(text.stdout.contains("v2") && text.stdout.contains("cli") && text.stdout.contains(#"sku: (none) → "A-7""#))
        let json = try #require(try await fixture.run(["show", "1", "--changes", "--json"]).json as? [[String: Any]])
        #expect(json.count == 1 && json[0]["door"] as? String == "cli")
        let missing = try await fixture.run(["show", "9", "--changes"])
        #expect(missing.status == 66)
    }
}
