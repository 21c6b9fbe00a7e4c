import Foundation

/// What `albumscan account` shows: tier, setting, and the scan quota.
package struct QuotaStatus: Codable, Sendable, Equatable {
    package var tier: Tier
    package var advancedSearch: Bool
    /// Scans committed in the current period (lifetime for free).
    package var scansUsed: Int
    package var scanLimit: Int
    /// Scans still available, net of scans in flight.
    package var scansRemaining: Int
    /// "lifetime" for free, else the calendar month in UTC, e.g. "2026-11".
    package var period: String
    /// The first instant of the next month (UTC) for monthly tiers; nil for free.
    package var resetsAt: Date?

    /// Creates a status value.
    package init(
        tier: Tier, advancedSearch: Bool, scansUsed: Int, scanLimit: Int, scansRemaining: Int, period: String,
        resetsAt: Date?
    ) {
        self.tier = tier
        self.advancedSearch = advancedSearch
        self.scansUsed = scansUsed
        self.scanLimit = scanLimit
        self.scansRemaining = scansRemaining
        self.period = period
        self.resetsAt = resetsAt
    }

    /// Every field is written, `resetsAt` as null for the free tier.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tier, forKey: .tier)
        try container.encode(advancedSearch, forKey: .advancedSearch)
        try container.encode(scansUsed, forKey: .scansUsed)
        try container.encode(scanLimit, forKey: .scanLimit)
        try container.encode(scansRemaining, forKey: .scansRemaining)
        try container.encode(period, forKey: .period)
        try container.encode(resetsAt, forKey: .resetsAt)
    }
}
