import Foundation

/// What `albumscan account` shows: tier, setting, and the scan quota.
package struct QuotaStatus: Codable, Sendable, Equatable {
    /// Where the scan limit comes from.
    package enum LimitSource: String, Codable, Sendable {
        /// The tier's default cap.
        case tier
        /// The limit set with `albumscan account set-limit`.
        case keyring
    }

    package var tier: Tier
    package var advancedSearch: Bool
    /// Scans committed in the current period (lifetime for free without a limit of its own).
    package var scansUsed: Int
    /// Paid scans allowed in the period; nil when unlimited.
    package var scanLimit: Int?
    /// Scans still available, net of scans in flight; nil when unlimited.
    package var scansRemaining: Int?
    /// "lifetime" for free, else the calendar month in UTC, e.g. "2026-11".
    package var period: String
    /// The first instant of the next month (UTC) for monthly limits; nil for free.
    package var resetsAt: Date?
    package var limitSource: LimitSource

    /// Creates a status value.
    package init(
        tier: Tier, advancedSearch: Bool, scansUsed: Int, scanLimit: Int?, scansRemaining: Int?, period: String,
        resetsAt: Date?, limitSource: LimitSource = .tier
    ) {
        self.tier = tier
        self.advancedSearch = advancedSearch
        self.scansUsed = scansUsed
        self.scanLimit = scanLimit
        self.scansRemaining = scansRemaining
        self.period = period
        self.resetsAt = resetsAt
        self.limitSource = limitSource
    }

    /// Every field is written: `scanLimit` and `scansRemaining` as null when unlimited, `resetsAt` as null for free.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tier, forKey: .tier)
        try container.encode(advancedSearch, forKey: .advancedSearch)
        try container.encode(scansUsed, forKey: .scansUsed)
        try container.encode(scanLimit, forKey: .scanLimit)
        try container.encode(scansRemaining, forKey: .scansRemaining)
        try container.encode(limitSource, forKey: .limitSource)
        try container.encode(period, forKey: .period)
        try container.encode(resetsAt, forKey: .resetsAt)
    }

    enum CodingKeys: String, CodingKey {
        case tier, advancedSearch, scansUsed, scanLimit, scansRemaining, period, resetsAt
        case limitSource = "scanLimitSource"
    }
}
