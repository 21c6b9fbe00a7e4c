import Foundation
import Testing

@testable import AlbumScanCore

/// The arithmetic of a limit set with `account set-limit`: it replaces the tier's cap and counts every paid scan of
/// the month, under any tier.
@Suite("Keyring: scan limit rules")
struct ScanLimitRulesTests {
    private static func state(
        _ tier: Tier, limit: ScanLimit?, free: Int = 0, period: String = "2026-11", month: Int = 0, paid: Int = 0,
        reserved: Int = 0
    ) -> KeyringState {
        var state = KeyringState.fresh(period: period)
        state.tier = tier
        state.scanLimit = limit
        state.freeScansUsed = free
        state.monthScansUsed = month
        state.monthPaidScans = paid
        state.reservations = (0..<reserved).map { .init(id: "r\($0)", pid: 100, createdAt: 0) }
        return state
    }

    @Test(
        arguments: [
            // tier, limit, free used, stored period, month used (tier), paid this month, reserved,
            // expected used, may reserve, remaining (nil: unlimited)
            (Tier.free, ScanLimit.scans(50), 5, "2026-11", 0, 3, 0, 3, true, 47),
            (Tier.free, .scans(3), 5, "2026-11", 0, 3, 0, 3, false, 0),
            (Tier.free, .scans(3), 1, "2026-10", 0, 3, 0, 0, true, 3),
            (Tier.base, .scans(200), 0, "2026-11", 150, 150, 0, 150, true, 50),
            (Tier.base, .scans(200), 0, "2026-11", 199, 199, 1, 199, false, 0),
            (Tier.base, .scans(130), 4, "2026-11", 120, 124, 0, 124, true, 6),
            (Tier.ultra, .scans(0), 0, "2026-11", 0, 0, 0, 0, false, 0),
            (Tier.ultra, .unlimited, 0, "2026-11", 5000, 5000, 16, 5000, true, nil),
            (Tier.free, .unlimited, 5, "2026-11", 0, 9, 0, 9, true, nil),
        ] as [(Tier, ScanLimit, Int, String, Int, Int, Int, Int, Bool, Int?)])
    func aSetLimitReplacesTheTiersCap(
        tier: Tier, limit: ScanLimit, free: Int, period: String, month: Int, paid: Int, reserved: Int, used: Int,
        mayReserve: Bool, remaining: Int?
    ) {
        let state = Self.state(
            tier, limit: limit, free: free, period: period, month: month, paid: paid, reserved: reserved)
        let now = KeyringFixture.midNovember
        #expect(QuotaRules.used(state, now: now) == used)
        #expect(QuotaRules.canReserve(state, now: now) == mayReserve)
        let status = QuotaRules.status(state, inFlight: reserved, now: now)
        #expect(status.scanLimit == limit.count)
        #expect(status.scansRemaining == remaining)
        #expect(status.limitSource == .keyring)
        #expect(status.period == "2026-11" && status.resetsAt == KeyringFixture.firstOfDecember, "a set limit is monthly")
    }

    @Test(
        arguments: [
            // tier, free used, month used (tier), paid this month, expected used, may reserve
            (Tier.free, 5, 0, 0, 5, false),
            (Tier.free, 2, 40, 40, 2, true),
            (Tier.base, 5, 119, 124, 119, true),
            (Tier.ultra, 0, 120, 120, 120, false),
        ] as [(Tier, Int, Int, Int, Int, Bool)])
    func withoutALimitTheTiersCapStands(tier: Tier, free: Int, month: Int, paid: Int, used: Int, mayReserve: Bool) {
        let state = Self.state(tier, limit: nil, free: free, month: month, paid: paid)
        #expect(QuotaRules.used(state, now: KeyringFixture.midNovember) == used)
        #expect(QuotaRules.canReserve(state, now: KeyringFixture.midNovember) == mayReserve)
        let status = QuotaRules.status(state, inFlight: 0, now: KeyringFixture.midNovember)
        #expect(status.scanLimit == tier.scanLimit && status.limitSource == .tier)
    }

    @Test func everyCommitCountsTowardsTheMonthAndANewMonthStartsAtZero() {
        let state = Self.state(.free, limit: .scans(10), free: 7, month: 2, paid: 4)
        let free = QuotaRules.committing(state, tier: .free, now: KeyringFixture.midNovember)
        #expect(free.freeScansUsed == 8 && free.monthScansUsed == 2 && free.monthPaidScans == 5)
        let base = QuotaRules.committing(state, tier: .base, now: KeyringFixture.midNovember)
        #expect(base.freeScansUsed == 7 && base.monthScansUsed == 3 && base.monthPaidScans == 5)
        let december = QuotaRules.committing(state, tier: .free, now: KeyringFixture.firstOfDecember)
        #expect(december.period == "2026-12" && december.monthPaidScans == 1 && december.monthScansUsed == 0)
    }

    @Test func theExhaustedMessageNamesTheLimitItsResetAndTheWayOut() {
        let state = Self.state(.base, limit: .scans(40), month: 40, paid: 40)
        #expect(
            QuotaRules.exhaustedMessage(state, now: KeyringFixture.midNovember)
                == "this keyring's limit of 40 paid scans a month is used up; resets 2026-12-01 UTC, "
                + "or raise it with `albumscan account set-limit N|unlimited`")
        #expect(
            QuotaRules.exhaustedMessage(Self.state(.ultra, limit: nil), now: KeyringFixture.midNovember)
                == "the ultra tier's 120 scans are used up; resets 2026-12-01 UTC, "
                + "or set your own monthly limit with `albumscan account set-limit N|unlimited`")
    }

    @Test(
        arguments: [
            ("0", ScanLimit.scans(0)), ("250", .scans(250)), ("unlimited", .unlimited), ("-1", nil), ("ten", nil),
            ("", nil), ("1.5", nil), ("Unlimited", nil), ("99999999999999999999999", nil),
        ] as [(String, ScanLimit?)])
    func limitsAreANumberOrUnlimited(text: String, limit: ScanLimit?) {
        #expect(ScanLimit(text: text) == limit)
    }
}
