import Foundation
import Testing

@testable import AlbumScanCore

/// A limit set with `set-limit` is kept in the keyring, signed like the rest; keyrings written before it stay readable.
@Suite("Keyring: scan limit")
struct ScanLimitKeyringTests {
    @Test func aLimitIsKeptAndOutlastsATierChange() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try keyring.setLimit(.scans(2))
        try keyring.setTier(.base)
        for _ in 0..<2 { try fixture.scan(with: keyring) }
        #expect(throws: AlbumScanError.self) { try keyring.reserve(pid: getpid()) }
        #expect(try keyring.status().scansRemaining == 0)
        try keyring.setLimit(.unlimited)
        try fixture.scan(with: keyring)
        let status = try keyring.status()
        #expect(status.scansUsed == 3 && status.scanLimit == nil && status.scansRemaining == nil)
        try keyring.setLimit(nil)
        #expect(try keyring.status().scanLimit == 120 && keyring.status().scansUsed == 3)
    }

    @Test func aFreeTierLimitCountsTheMonthNotTheLifetime() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        for _ in 0..<5 { try fixture.scan(with: keyring) }
        #expect(throws: AlbumScanError.self) { try keyring.reserve(pid: getpid()) }
        try keyring.setLimit(.scans(8))
        #expect(try keyring.status().scansRemaining == 3, "the five scans were made this month")
        fixture.now = KeyringFixture.firstOfDecember
        #expect(try keyring.status().scansRemaining == 8)
        try fixture.scan(with: keyring)
        #expect(try keyring.status().scansUsed == 1)
    }

    @Test func anEditedLimitFailsTheIntegrityCheck() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try keyring.setLimit(.scans(10))
        let text = String(decoding: try #require(fixture.contents()), as: UTF8.self)
        #expect(text.contains("\"scanLimit\" : 10"))
        try Data(text.replacingOccurrences(of: "\"scanLimit\" : 10", with: "\"scanLimit\" : \"unlimited\"").utf8)
            .write(to: URL(fileURLWithPath: fixture.keyringPath))
        #expect(throws: AlbumScanError.self) { try keyring.status() }
    }

    @Test func aFormatTwoKeyringIsReadAndCountsItsMonthlyScans() throws {
        let fixture = try KeyringFixture()
        var state = KeyringState.fresh(period: "2026-11")
        state.tier = .base
        state.monthScansUsed = 30
        try writeFormatTwo(state, fixture)
        let keyring = fixture.keyring()
        #expect(try keyring.status().scansUsed == 30)
        try keyring.setLimit(.scans(31))
        #expect(try keyring.status().scansRemaining == 1)
        #expect(String(decoding: try #require(fixture.contents()), as: UTF8.self).contains("\"format\" : 3"))
    }

    @Test func aLimitAddedToAFormatTwoKeyringFailsTheIntegrityCheck() throws {
        let fixture = try KeyringFixture()
        try writeFormatTwo(.fresh(period: "2026-11"), fixture)
        let text = String(decoding: try #require(fixture.contents()), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"period\"", with: "\"scanLimit\" : \"unlimited\", \"period\"").utf8)
            .write(to: URL(fileURLWithPath: fixture.keyringPath))
        let error = #expect(throws: AlbumScanError.self) { try fixture.keyring().status() }
        #expect(error?.message.contains("failed its integrity check") == true)
    }

    /// A keyring as albumscan wrote it before format 3: signed over the format 2 lines, without the new fields.
    private func writeFormatTwo(_ state: KeyringState, _ fixture: KeyringFixture) throws {
        try fixture.keyring().setAdvancedSearch(false)
        try FileLock.withExclusiveLock(at: fixture.home.appendingPathComponent("keyring.lock").path) { _ in
            try KeyringFile(home: fixture.home).save(state, format: 2)
        }
        let text = String(decoding: try #require(fixture.contents()), as: UTF8.self)
        let old = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"monthPaidScans\"") }.joined(separator: "\n")
        try Data(old.utf8).write(to: URL(fileURLWithPath: fixture.keyringPath))
    }
}
