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

    /// Scans committed in the period that counts at `now` for the state's tier.
    static func used(_ state: KeyringState, now: Date) -> Int {
        if state.tier == .free { return state.freeScansUsed }
        return state.period == period(at: now) ? state.monthScansUsed : 0
    }

    /// The state moved to the current month: a new month starts its count at zero.
    static func rolledOver(_ state: KeyringState, now: Date) -> KeyringState {
        let current = period(at: now)
        guard state.period != current else { return state }
        var next = state
        next.period = current
        next.monthScansUsed = 0
        return next
    }

    /// Whether one more scan may be reserved: committed plus in-flight scans stay under the limit.
    static func canReserve(_ state: KeyringState, now: Date) -> Bool {
        used(state, now: now) + state.reservations.count < state.tier.scanLimit
    }

    /// The state after one scan under `tier` is committed.
    static func committing(_ state: KeyringState, tier: Tier, now: Date) -> KeyringState {
        var next = rolledOver(state, now: now)
        if tier == .free { next.freeScansUsed += 1 } else { next.monthScansUsed += 1 }
        return next
    }

    /// The account view of a state, counting `inFlight` reserved scans as unavailable.
    static func status(_ state: KeyringState, inFlight: Int, now: Date) -> QuotaStatus {
        let used = used(state, now: now)
        let limit = state.tier.scanLimit
        return QuotaStatus(
            tier: state.tier, advancedSearch: state.advancedSearch, scansUsed: used, scanLimit: limit,
            scansRemaining: max(0, limit - used - inFlight),
            period: state.tier.isMonthly ? period(at: now) : "lifetime",
            resetsAt: state.tier.isMonthly ? nextPeriodStart(after: now) : nil)
    }

    /// The message for a used-up quota.
    static func exhaustedMessage(tier: Tier, now: Date) -> String {
        guard tier.isMonthly else {
            return "the free tier's \(tier.scanLimit) scans are used up; "
                + "run `albumscan account set-tier base` for \(Tier.base.scanLimit) scans a month"
        }
        let reset = utc.dateComponents([.year, .month, .day], from: nextPeriodStart(after: now))
        let day = String(format: "%04d-%02d-%02d", reset.year ?? 0, reset.month ?? 0, reset.day ?? 0)
        return "the \(tier.rawValue) tier's \(tier.scanLimit) scans are used up; resets \(day) UTC"
    }
}
