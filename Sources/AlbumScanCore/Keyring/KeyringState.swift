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
    /// Scans committed in `period` under any tier: what a limit set with `set-limit` counts.
    var monthPaidScans: Int
    /// The monthly limit set with `set-limit`, which replaces the tier's cap; nil keeps the tier's.
    var scanLimit: ScanLimit?
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
            monthPaidScans: 0, scanLimit: nil, reservations: [])
    }

    /// Whether the values are ones the keyring itself could have written.
    var isWellFormed: Bool {
        freeScansUsed >= 0 && monthScansUsed >= 0 && monthPaidScans >= 0 && (scanLimit?.count ?? 0) >= 0
            && QuotaRules.isPeriod(period)
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
        // Format 3 signs the new fields. An older file never carries a limit, so one found there was added by hand:
        // its line joins the signed bytes, and the MAC no longer matches.
        if format >= 3 { lines.append("monthPaidScans=\(monthPaidScans)") }
        if format >= 3 || scanLimit != nil { lines.append("scanLimit=\(scanLimit?.text ?? "tier")") }
        lines += reservations.map { record in
            let base = "reservation=\(record.id),\(record.pid),\(record.createdAt)"
            return format >= 2 ? base + ",\(record.startTime.map(String.init) ?? "-")" : base
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}

extension KeyringState {
    // Files written before format 3 lack the new fields: no limit, and a count the loader fills in.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tier = try container.decode(Tier.self, forKey: .tier)
        advancedSearch = try container.decode(Bool.self, forKey: .advancedSearch)
        freeScansUsed = try container.decode(Int.self, forKey: .freeScansUsed)
        period = try container.decode(String.self, forKey: .period)
        monthScansUsed = try container.decode(Int.self, forKey: .monthScansUsed)
        monthPaidScans = try container.decodeIfPresent(Int.self, forKey: .monthPaidScans) ?? 0
        scanLimit = try container.decodeIfPresent(ScanLimit.self, forKey: .scanLimit)
        reservations = try container.decode([Record].self, forKey: .reservations)
    }
}

/// The keyring file's JSON: the state with its format version and MAC.
struct KeyringDocument: Codable {
    /// Format 2 records each reservation holder's start time; format 3 the limit set with `set-limit` and the
    /// month's scans under any tier. Formats 1 and 2 are read, and rewritten as 3 on the next change.
    static let currentFormat = 3
    static let readableFormats: Set<Int> = [1, 2, 3]

    var format: Int
    var state: KeyringState
    /// Hex HMAC-SHA256 of `state.canonicalBytes(format:)` under the install's secret.
    var mac: String
}
