import Foundation

/// The pure quota arithmetic: periods, counters, limits and reset dates.
package enum QuotaRules {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// The calendar month of `date` in UTC, as "YYYY-MM".
    package static func period(at date: Date) -> String {
        let parts = utc.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }

    /// The first instant (UTC) of the month after the one holding `date`.
    package static func nextPeriodStart(after date: Date) -> Date {
        let parts = utc.dateComponents([.year, .month], from: date)
        let start = utc.date(from: DateComponents(year: parts.year, month: parts.month, day: 1)) ?? date
        return utc.date(byAdding: .month, value: 1, to: start) ?? date
    }

    /// Whether a string looks like a period ("YYYY-MM").
    static func isPeriod(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            let month = Int(parts[1]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month)
    }

    /// The cap that applies: the limit set with `set-limit`, else the tier's.
    static func limit(_ state: KeyringState) -> ScanLimit {
        state.scanLimit ?? .scans(state.tier.scanLimit)
    }

    /// Whether the count starts again each month: on the paid tiers, and under a limit set with `set-limit`.
    static func isMonthly(_ state: KeyringState) -> Bool {
        state.scanLimit != nil || state.tier.isMonthly
    }

    /// Scans committed in the period that counts at `now`: under a set limit every paid scan of the month, else the
    /// tier's own count.
    static func used(_ state: KeyringState, now: Date) -> Int {
        if !isMonthly(state) { return state.freeScansUsed }
        guard state.period == period(at: now) else { return 0 }
        return state.scanLimit == nil ? state.monthScansUsed : state.monthPaidScans
    }

    /// The state moved to the current month: a new month starts its counts at zero.
    static func rolledOver(_ state: KeyringState, now: Date) -> KeyringState {
        let current = period(at: now)
        guard state.period != current else { return state }
        var next = state
        next.period = current
        next.monthScansUsed = 0
        next.monthPaidScans = 0
        return next
    }

    /// Whether one more scan may be reserved: committed plus in-flight scans stay under the limit.
    static func canReserve(_ state: KeyringState, now: Date) -> Bool {
        guard let limit = limit(state).count else { return true }
        return used(state, now: now) + state.reservations.count < limit
    }

    /// The state after one scan under `tier` is committed.
    static func committing(_ state: KeyringState, tier: Tier, now: Date) -> KeyringState {
        var next = rolledOver(state, now: now)
        if tier == .free { next.freeScansUsed += 1 } else { next.monthScansUsed += 1 }
        next.monthPaidScans += 1
        return next
    }

    /// The account view of a state, counting `inFlight` reserved scans as unavailable.
    static func status(_ state: KeyringState, inFlight: Int, now: Date) -> QuotaStatus {
        let used = used(state, now: now)
        let limit = limit(state).count
        let monthly = isMonthly(state)
        return QuotaStatus(
            tier: state.tier, advancedSearch: state.advancedSearch, scansUsed: used, scanLimit: limit,
            scansRemaining: limit.map { max(0, $0 - used - inFlight) },
            period: monthly ? period(at: now) : "lifetime",
            resetsAt: monthly ? nextPeriodStart(after: now) : nil,
            limitSource: state.scanLimit == nil ? .tier : .keyring)
    }

    /// The message for a state whose quota is used up.
    static func exhaustedMessage(_ state: KeyringState, now: Date) -> String {
        guard case .scans(let count) = state.scanLimit else { return exhaustedMessage(tier: state.tier, now: now) }
        return "this keyring's limit of \(count) paid scans a month is used up; resets \(resetDay(after: now)) UTC, "
            + "or raise it with `albumscan account set-limit N|unlimited`"
    }

    /// The message for a used-up quota.
    static func exhaustedMessage(tier: Tier, now: Date) -> String {
        // With your own API key you pay for your own calls: a limit of your own is always a way on.
        let own = "or set your own monthly limit with `albumscan account set-limit N|unlimited`"
        guard tier.isMonthly else {
            return "the free tier's \(tier.scanLimit) scans are used up; "
                + "run `albumscan account set-tier base` for \(Tier.base.scanLimit) scans a month, \(own)"
        }
        return "the \(tier.rawValue) tier's \(tier.scanLimit) scans are used up; resets \(resetDay(after: now)) UTC, \(own)"
    }

    /// The day the next period starts, "YYYY-MM-DD".
    private static func resetDay(after now: Date) -> String {
        let reset = utc.dateComponents([.year, .month, .day], from: nextPeriodStart(after: now))
        return String(format: "%04d-%02d-%02d", reset.year ?? 0, reset.month ?? 0, reset.day ?? 0)
    }
}
