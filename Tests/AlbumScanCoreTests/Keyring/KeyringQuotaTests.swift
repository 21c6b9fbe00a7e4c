import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Keyring: quota")
struct KeyringQuotaTests {
    @Test func firstRunStartsFreeWithNothingUsed() throws {
        // Given an empty home
        let fixture = try KeyringFixture()
        // When the status is read
        let status = try fixture.keyring().status()
        // Then it is a fresh free tier, and reading created nothing
        #expect(
            status
                == QuotaStatus(
                    tier: .free, advancedSearch: false, scansUsed: 0, scanLimit: 5,
                    scansRemaining: 5, period: "lifetime", resetsAt: nil))
        #expect(!FileManager.default.fileExists(atPath: fixture.keyringPath))
        // And the first write creates the keyring and its secret with mode 0600
        _ = try fixture.keyring().reserve(pid: getpid())
        #expect(try fixture.mode(fixture.keyringPath) == 0o600)
        #expect(try fixture.mode(fixture.secretPath) == 0o600)
    }

    @Test func rewrittenKeyringStaysPrivate() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        try fixture.scan(with: keyring)
        try keyring.setTier(.base)
        #expect(try fixture.mode(fixture.keyringPath) == 0o600)
    }

    @Test func freeTierStopsAfterFiveScans() throws {
        // Given a free keyring with five scans committed
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        for _ in 0..<5 { try fixture.scan(with: keyring) }
        // When a sixth is reserved
        let error = #expect(throws: AlbumScanError.self) { try keyring.reserve(pid: getpid()) }
        // Then it is refused with a way out, and the count stays at five
        guard case .quotaExhausted(let message)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("free tier's 5 scans are used up"))
        #expect(try keyring.status().scansUsed == 5)
        #expect(try keyring.status().scansRemaining == 0)
    }

    @Test func monthlyQuotaResetsAtTheMonthBoundary() throws {
        // Given a base keyring at the last second of November with 119 scans used
        let fixture = try KeyringFixture(now: KeyringFixture.lastSecondOfNovember)
        let keyring = fixture.keyring()
        try keyring.setTier(.base)
        var state = KeyringState.fresh(period: "2026-11")
        state.tier = .base
        state.monthScansUsed = 119
        try fixture.write(state)
        // When the 120th scan is made and a 121st attempted
        try fixture.scan(with: keyring)
        #expect(throws: AlbumScanError.self) { try keyring.reserve(pid: getpid()) }
        let november = try keyring.status()
        // Then November is used up, resetting on the 1st of December
        #expect(november.scansUsed == 120 && november.scansRemaining == 0 && november.period == "2026-11")
        #expect(november.resetsAt == KeyringFixture.firstOfDecember)
        // And when the clock reaches December the count starts over
        fixture.now = KeyringFixture.firstOfDecember
        #expect(try keyring.status().scansUsed == 0)
        try fixture.scan(with: keyring)
        let december = try keyring.status()
        #expect(december.scansUsed == 1 && december.scansRemaining == 119 && december.period == "2026-12")
        #expect(december.resetsAt == KeyringFixture.firstOfJanuary)
    }

    @Test func releasedReservationUsesNoQuota() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        let reservation = try keyring.reserve(pid: getpid())
        #expect(try keyring.status().scansRemaining == 4)
        try keyring.release(reservation)
        let status = try keyring.status()
        #expect(status.scansUsed == 0 && status.scansRemaining == 5)
    }

    @Test func reservationsOfDeadProcessesAreReclaimed() throws {
        // Given five reservations held by a process that then died
        let fixture = try KeyringFixture()
        let holder = fixture.keyring(alive: { _ in true })
        for _ in 0..<5 { _ = try holder.reserve(pid: 4242) }
        #expect(throws: AlbumScanError.self) { try holder.reserve(pid: 4243) }
        // When another process reserves, seeing pid 4242 dead
        let other = fixture.keyring(alive: { $0.pid != 4242 })
        let reservation = try other.reserve(pid: 4243)
        // Then the dead reservations are gone and only the new one counts
        #expect(reservation.tier == .free)
        #expect(try other.status().scansRemaining == 4)
        #expect(try other.status().scansUsed == 0)
    }

    @Test func oldReservationsExpireEvenIfThePidLives() throws {
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        for _ in 0..<5 { _ = try keyring.reserve(pid: 4242) }
        fixture.now = KeyringFixture.midNovember.addingTimeInterval(Keyring.reservationLifetime + 1)
        _ = try keyring.reserve(pid: 4243)
        #expect(try keyring.status().scansRemaining == 4)
    }

    @Test func advancedSearchNeedsUltra() throws {
        // Given a free keyring
        let fixture = try KeyringFixture()
        let keyring = fixture.keyring()
        // When advanced search is turned on, it is refused until the tier is ultra
        let error = #expect(throws: AlbumScanError.self) { try keyring.setAdvancedSearch(true) }
        #expect(error == .usage("advanced search is an Ultra feature; run `albumscan account set-tier ultra` first"))
        try keyring.setTier(.ultra)
        try keyring.setAdvancedSearch(true)
        #expect(try keyring.status().advancedSearch)
        #expect(try keyring.reserve(pid: getpid()).advancedSearch)
        // Then leaving ultra turns it off
        try keyring.setTier(.base)
        #expect(try keyring.status().advancedSearch == false)
        try keyring.setAdvancedSearch(false)
    }
}
