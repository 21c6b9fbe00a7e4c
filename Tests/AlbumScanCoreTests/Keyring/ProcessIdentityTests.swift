import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct ProcessIdentityTests {
    @Test(arguments: [
        ("1234 (albumscan) S 1 1234 1234 0 -1 4194560 100 0 0 0 5 2 0 0 20 0 3 0 987654 1000 200", UInt64(987654)),
        ("77 (odd ) name) R 1 77 77 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 42 0 0", 42),
        ("5 (short) S 1 2 3", nil),
        ("no parenthesis at all", nil),
    ])
    func startTimeIsField22CountedFromTheLastParenthesis(stat: String, expected: UInt64?) {
        #expect(ProcessIdentity.parseStartTime(stat: stat) == expected)
    }

    @Test func thisProcessIsAliveAndAReusedPidIsNot() throws {
        let me = ProcessIdentity.of(getpid())
        let started = try #require(me.startTime)
        #expect(ProcessIdentity.isAlive(me))
        #expect(!ProcessIdentity.isAlive(ProcessIdentity(pid: me.pid, startTime: started + 1)))
    }

    /// A scan killed in a container leaves reservations under a pid that lives on elsewhere: they are reclaimed.
    @Test func reservationsOfAReusedPidAreReclaimed() throws {
        let fixture = try KeyringFixture()
        let keyring = Keyring(home: fixture.home, now: { fixture.now })
        for _ in 0..<5 { _ = try keyring.reserve(pid: getpid()) }
        #expect(try keyring.status().scansRemaining == 0, "held by this live process")
        let file = KeyringFile(home: fixture.home)
        var state = try file.load(period: QuotaRules.period(at: fixture.now))
        state.reservations = state.reservations.map { record in
            var reused = record
            reused.startTime = (record.startTime ?? 0) + 1
            return reused
        }
        try fixture.write(state)
        #expect(try keyring.status().scansRemaining == 5)
        _ = try keyring.reserve(pid: getpid())
        #expect(try keyring.status().scansRemaining == 4)
    }
}
