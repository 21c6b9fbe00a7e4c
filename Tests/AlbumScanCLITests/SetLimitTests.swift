import AlbumScanTestSupport
import Foundation
import Testing

/// `account set-limit`: a monthly budget of paid scans in place of the tier's cap, shown by `account`.
@Suite struct SetLimitTests {
    @Test func aLimitReplacesTheFreeTiersCapAndIsShown() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let set = try await fixture.run(["account", "set-limit", "7", "--json"])
        #expect(set.status == 0, "\(set.stderr)")
        let account = try #require(set.json as? [String: Any])
        #expect(account["scanLimit"] as? Int == 7 && account["scansRemaining"] as? Int == 7)
        #expect(account["scanLimitSource"] as? String == "keyring" && account["tier"] as? String == "free")
        #expect((account["period"] as? String)?.count == 7, "a set limit counts by month")
        for _ in 0..<6 {
            #expect(try await fixture.run(["scan", try fixture.cover("01"), "--no-local", "--rescan"]).status == 0)
        }
        let text = try await fixture.run(["account"])
        #expect(text.stdout.contains("Scans used:      6 of 7 (1 left; limit set with account set-limit)"), "\(text.stdout)")
    }

    @Test func anExhaustedLimitExits77AndUnlimitedLiftsIt() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "base"])
        #expect(try await fixture.run(["account", "set-limit", "1"]).status == 0)
        #expect(try await fixture.run(["scan", try fixture.cover("01"), "--no-local"]).status == 0)
        let exhausted = try await fixture.run(["scan", try fixture.cover("02"), "--no-local"])
        #expect(exhausted.status == 77)
        #expect(exhausted.stderr.contains("limit of 1 paid scans a month is used up"), "\(exhausted.stderr)")
        let unlimited = try await fixture.run(["account", "set-limit", "unlimited", "--json"])
        let account = try #require(unlimited.json as? [String: Any])
        #expect(account["scanLimit"] is NSNull && account["scansRemaining"] is NSNull)
        #expect(account["scansUsed"] as? Int == 1)
        #expect(try await fixture.run(["scan", try fixture.cover("02"), "--no-local"]).status == 0)
        #expect(try await fixture.run(["account"]).stdout.contains("Scans used:      2 (no limit, set with account set-limit)"))
        let back = try #require(try await fixture.run(["account", "set-limit", "tier", "--json"]).json as? [String: Any])
        #expect(back["scanLimit"] as? Int == 120 && back["scansRemaining"] as? Int == 118)
        #expect(back["scanLimitSource"] as? String == "tier")
    }

    @Test(arguments: ["ten", "1.5", "", "-3", "Unlimited"])
    func aBadLimitExits64NamingTheAcceptedForms(value: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["account", "set-limit", value])
        #expect(output.status == 64)
        #expect(output.stderr.contains("unlimited") && output.stderr.contains("number"), "\(output.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.runner.home.path)
        #expect(!files.contains("keyring.json"), "nothing was written")
    }
}
