/// The subscription tier, which decides searches, review model and quota.
package enum Tier: String, Codable, Sendable, CaseIterable {
    case free, base, ultra

    /// Scans allowed: 5 in total for free, else per calendar month.
    package var scanLimit: Int { self == .free ? 5 : 120 }
    /// Whether the limit counts per calendar month rather than for the lifetime of the install.
    package var isMonthly: Bool { self != .free }
}
