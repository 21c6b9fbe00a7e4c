/// The subscription tier, which decides searches, review model and quota.
public enum Tier: String, Codable, Sendable, CaseIterable {
    case free, base, ultra

    /// Scans allowed: 5 in total for free, else per calendar month.
    public var scanLimit: Int { self == .free ? 5 : 120 }
    /// Whether the limit counts per calendar month rather than for the lifetime of the install.
    public var isMonthly: Bool { self != .free }
}
