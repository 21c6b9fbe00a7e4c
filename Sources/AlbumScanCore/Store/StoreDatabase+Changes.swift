import Foundation
import GRDB

extension StoreDatabase {
    /// Columns a scan carries that `show --json` does not show as such: a change to them alone is not a version.
    private static let unshownColumns: Set<String> = ["id", "albumId", "version", "reservationId", "promptHash", "timings"]

    /// Runs `body` (writes to the scans `ids` inside the caller's transaction), then logs each field it changed on
    /// each scan under `stamp` and moves that scan to its next version. A scan `body` left as it was keeps its version.
    static func logging<T>(_ ids: [Int64], _ stamp: ChangeStamp, in db: Database, _ body: () throws -> T) throws -> T {
        let before = try shownColumns(of: ids, in: db)
        let result = try body()
        let after = try shownColumns(of: ids, in: db)
        for (id, old) in before {
            guard let new = after[id] else { continue }
            let changed = new.keys.sorted().filter { old[$0] != new[$0] }
            guard !changed.isEmpty else { continue }
            try db.execute(sql: "UPDATE scans SET version = version + 1 WHERE id = ?", arguments: [id])
            let version = try Int.fetchOne(db, sql: "SELECT version FROM scans WHERE id = ?", arguments: [id]) ?? 0
            for field in changed {
                try db.execute(
                    sql: "INSERT INTO changes (scanId, version, changedAt, door, field, old, new) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    arguments: [id, version, stamp.at.timeIntervalSince1970, stamp.door, field, old[field], new[field]])
            }
        }
        return result
    }

    /// Throws `StaleVersion` unless scan `id` is at `version` (nil: no version named, nothing to check).
    static func check(_ id: Int64, isAt version: Int?, in db: Database) throws {
        guard let version else { return }
        guard let current = try Int.fetchOne(db, sql: "SELECT version FROM scans WHERE id = ?", arguments: [id]) else {
            throw AlbumScanError.unknownScan(id)
        }
        if current != version { throw StaleVersion(scanId: id, seen: version, current: current) }
    }

    private static func shownColumns(of ids: [Int64], in db: Database) throws -> [Int64: [String: DatabaseValue]] {
        var rows: [Int64: [String: DatabaseValue]] = [:]
        for start in stride(from: 0, to: ids.count, by: 500) {
            let slice = Array(ids[start..<min(start + 500, ids.count)])
            let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ", ")
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM scans WHERE id IN (\(placeholders))", arguments: StatementArguments(slice))
            {
                var values: [String: DatabaseValue] = [:]
                for (column, value) in row where !unshownColumns.contains(column) { values[column] = value }
                rows[row["id"]] = values
            }
        }
        return rows
    }

    /// Scan `id`'s change log, oldest first; nil when there is no such scan.
    package func changes(scanId id: Int64) throws -> [ScanChange]? {
        try read("reading scan \(id)'s changes") { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM scans WHERE id = ?", arguments: [id]) != nil else { return nil }
            let rows = try Row.fetchAll(
                db, sql: "SELECT version, changedAt, door, field, old, new FROM changes WHERE scanId = ? ORDER BY version, id",
                arguments: [id])
            var changes: [ScanChange] = []
            for row in rows {
                let field = ScanChange.Field(field: row["field"], old: Self.text(row["old"]), new: Self.text(row["new"]))
                let version: Int = row["version"]
                if changes.last?.version == version {
                    changes[changes.count - 1].fields.append(field)
                } else {
                    changes.append(
                        ScanChange(
                            version: version, changedAt: Date(timeIntervalSince1970: row["changedAt"]), door: row["door"],
                            fields: [field]))
                }
            }
            return changes
        }
    }

    /// A stored value as text: nil for NULL, numbers as written.
    private static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let string): string
        case .blob(let data): data.base64EncodedString()
        }
    }
}
