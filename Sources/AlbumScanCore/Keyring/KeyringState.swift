import Foundation

/// The keyring's contents: tier, setting, counters and scans in flight.
struct KeyringState: Codable, Equatable, Sendable {
    var tier: Tier
    var advancedSearch: Bool
    /// Scans committed on the free tier, ever.
    var freeScansUsed: Int
    /// The calendar month (UTC, "YYYY-MM") that `monthScansUsed` counts.
    var period: String
    var monthScansUsed: Int
    var reservations: [Record]

    /// One reservation held by a running scan.
    struct Record: Codable, Equatable, Sendable {
        var id: String
        var pid: Int32
        /// Unix seconds.
        var createdAt: Int64
        /// The holder's start time (see `ProcessIdentity`); nil in format 1 keyrings.
        var startTime: UInt64? = nil

        var holder: ProcessIdentity { ProcessIdentity(pid: pid, startTime: startTime) }
    }

    /// The state of a new install: free tier, nothing used.
    static func fresh(period: String) -> KeyringState {
        KeyringState(
            tier: .free, advancedSearch: false, freeScansUsed: 0, period: period, monthScansUsed: 0,
            reservations: [])
    }

    /// Whether the values are ones the keyring itself could have written.
    var isWellFormed: Bool {
        freeScansUsed >= 0 && monthScansUsed >= 0 && QuotaRules.isPeriod(period)
            && reservations.allSatisfy { !$0.id.isEmpty && $0.pid > 0 }
    }

    // The MAC covers this line format rather than the JSON text, so it does not depend on
    // how an encoder happens to space, order or format the file.
    /// The bytes the integrity MAC is computed over.
    func canonicalBytes(format: Int) -> Data {
        var lines = [
            "albumscan-keyring",
            "format=\(format)",
            "tier=\(tier.rawValue)",
            "advancedSearch=\(advancedSearch ? 1 : 0)",
            "freeScansUsed=\(freeScansUsed)",
            "period=\(period)",
            "monthScansUsed=\(monthScansUsed)",
        ]
        lines += reservations.map { record in
            let base = "reservation=\(record.id),\(record.pid),\(record.createdAt)"
            return format >= 2 ? base + ",\(record.startTime.map(String.init) ?? "-")" : base
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}

/// The keyring file's JSON: the state with its format version and MAC.
struct KeyringDocument: Codable {
    /// Format 2 records each reservation holder's start time; format 1 files are read and rewritten as 2.
    static let currentFormat = 2
    static let readableFormats: Set<Int> = [1, 2]

    var format: Int
    var state: KeyringState
    /// Hex HMAC-SHA256 of `state.canonicalBytes(format:)` under the install's secret.
    var mac: String
}
