import Foundation
import GRDB

/// Which scans `history` lists: every condition set must hold (AND); an empty filter lists every scan.
package struct HistoryFilter: Sendable, Equatable {
    /// A case-insensitive substring of the artist, title, label, file name, location or SKU.
    package var search: String?
    /// Scans made at or after this instant.
    package var since: Date?
    package var method: IdentificationMethod?
    package var verification: Verification.Status?
    /// Only scans saved without their release and artwork because a service failed.
    package var incomplete = false
    /// Only scans not yet marked exported in this export form (`history --not-exported`), like `discogs-inventory`.
    package var notExportedAs: String?

    package init(
        search: String? = nil, since: Date? = nil, method: IdentificationMethod? = nil,
        verification: Verification.Status? = nil, incomplete: Bool = false, notExportedAs: String? = nil
    ) {
        self.search = search
        self.since = since
        self.method = method
        self.verification = verification
        self.incomplete = incomplete
        self.notExportedAs = notExportedAs
    }

    /// No condition: every scan.
    package static let all = HistoryFilter()

    /// The `WHERE` clause over `scans s` for this filter and the paging cursor, with its arguments.
    ///
    /// The SQL is made only of fixed fragments; every value the user typed travels as a bound argument.
    func whereClause(before: Int64?) -> (sql: String, arguments: StatementArguments) {
        var conditions = ["s.id < ?"]
        var arguments: StatementArguments = [before ?? Int64.max]
        if let search {
            // SQLite's lower() folds ASCII only; GRDB registers Swift's lowercased() on every connection as
            // swiftLowercaseString, so "BJÖRK" finds Björk. That costs a call into Swift per value (0.6 s over 100,000
            // scans with no match), so an ASCII text keeps to lower(), which differs from it only on a few letters
            // that fold to ASCII (the Kelvin sign). instr, not LIKE, so % and _ in the text mean themselves.
            let fold = search.unicodeScalars.allSatisfy(\.isASCII) ? "lower" : "swiftLowercaseString"
            let columns = ["s.artist", "s.title", "s.label", "s.fileName", "s.location", "s.sku"]
            conditions.append("(" + columns.map { "instr(\(fold)(\($0)), ?) > 0" }.joined(separator: " OR ") + ")")
            let needle = search.lowercased()
            arguments += StatementArguments(Array(repeating: needle, count: columns.count))
        }
        if let since {
            conditions.append("s.scannedAt >= ?")
            arguments += [since.timeIntervalSince1970]
        }
        if let method {
            conditions.append("s.method = ?")
            arguments += [method.rawValue]
        }
        if let verification {
            conditions.append("s.verificationStatus = ?")
            arguments += [verification.rawValue]
        }
        if incomplete {
            conditions.append("s.artworkReason = ?")
            arguments += [ScanResult.incompleteCode]
        }
        if let notExportedAs {
            conditions.append("NOT EXISTS (SELECT 1 FROM exports e WHERE e.scanId = s.id AND e.format = ?)")
            arguments += [notExportedAs]
        }
        return (conditions.joined(separator: " AND "), arguments)
    }
}
