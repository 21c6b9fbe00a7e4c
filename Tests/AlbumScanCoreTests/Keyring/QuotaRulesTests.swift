import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Keyring: quota rules")
struct QuotaRulesTests {
    private static func state(
        _ tier: Tier, free: Int = 0, period: String = "2026-11", month: Int = 0, reserved: Int = 0
    ) -> KeyringState {
        var state = KeyringState.fresh(period: period)
        state.tier = tier
        state.freeScansUsed = free
        state.monthScansUsed = month
        state.reservations = (0..<reserved).map { .init(id: "r\($0)", pid: 100, createdAt: 0) }
        return state
    }

    @Test(arguments: [
        (KeyringFixture.midNovember, "2026-11", KeyringFixture.firstOfDecember),
        (KeyringFixture.lastSecondOfNovember, "2026-11", KeyringFixture.firstOfDecember),
        (KeyringFixture.firstOfDecember, "2026-12", KeyringFixture.firstOfJanuary),
    ])
    func periodsAreUtcCalendarMonths(now: Date, period: String, next: Date) {
        #expect(QuotaRules.period(at: now) == period)
        #expect(QuotaRules.nextPeriodStart(after: now) == next)
    }

    @Test(
        arguments: [
            // tier, free used, stored period, month used, reserved, expected used, may reserve
            (Tier.free, 3, "2026-10", 50, 0, 3, true),
            (Tier.free, 4, "2026-11", 0, 1, 4, false),
            (Tier.free, 5, "2026-11", 0, 0, 5, false),
            (Tier.base, 5, "2026-11", 119, 0, 119, true),
            (Tier.base, 5, "2026-11", 119, 1, 119, false),
            (Tier.ultra, 0, "2026-11", 120, 0, 120, false),
            (Tier.ultra, 0, "2026-10", 120, 0, 0, true),
            (Tier.base, 0, "2027-01", 7, 0, 0, true),
        ] as [(Tier, Int, String, Int, Int, Int, Bool)])
    func usedAndReservable(
        tier: Tier, free: Int, period: String, month: Int, reserved: Int, used: Int, mayReserve: Bool
    ) {
        let state = Self.state(tier, free: free, period: period, month: month, reserved: reserved)
        #expect(QuotaRules.used(state, now: KeyringFixture.midNovember) == used)
        #expect(QuotaRules.canReserve(state, now: KeyringFixture.midNovember) == mayReserve)
    }

    @Test func aNewMonthResetsTheMonthlyCount() {
        let november = Self.state(.base, free: 2, month: 80)
        let december = QuotaRules.committing(november, tier: .base, now: KeyringFixture.firstOfDecember)
        #expect(december.period == "2026-12" && december.monthScansUsed == 1 && december.freeScansUsed == 2)
    }

    @Test func committingCountsTheReservationsTier() {
        let state = Self.state(.base, free: 2, month: 10)
        #expect(QuotaRules.committing(state, tier: .free, now: KeyringFixture.midNovember).freeScansUsed == 3)
        #expect(QuotaRules.committing(state, tier: .ultra, now: KeyringFixture.midNovember).monthScansUsed == 11)
    }

    @Test func statusReportsPeriodAndReset() {
        let free = QuotaRules.status(Self.state(.free, free: 2), inFlight: 1, now: KeyringFixture.midNovember)
        #expect(
            free
                == QuotaStatus(
                    tier: .free, advancedSearch: false, scansUsed: 2, scanLimit: 5,
                    scansRemaining: 2, period: "lifetime", resetsAt: nil))
        let base = QuotaRules.status(Self.state(.base, month: 30), inFlight: 0, now: KeyringFixture.midNovember)
        #expect(
            base
                == QuotaStatus(
                    tier: .base, advancedSearch: false, scansUsed: 30, scanLimit: 120,
                    scansRemaining: 90, period: "2026-11", resetsAt: KeyringFixture.firstOfDecember))
    }

    @Test func exhaustedMessagesNameTheWayOut() {
        #expect(
            QuotaRules.exhaustedMessage(tier: .free, now: KeyringFixture.midNovember)
                == "the free tier's 5 scans are used up; run `albumscan account set-tier base` for 120 scans a month, "
                + "or set your own monthly limit with `albumscan account set-limit N|unlimited`")
        // Issue 41: every quota message names `account set-limit`, the way out with your own key.
        #expect(
            QuotaRules.exhaustedMessage(tier: .ultra, now: KeyringFixture.midNovember)
                == "the ultra tier's 120 scans are used up; resets 2026-12-01 UTC, "
                + "or set your own monthly limit with `albumscan account set-limit N|unlimited`")
    }
}
