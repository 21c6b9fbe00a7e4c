import Foundation
import GRDB

extension StoreDatabase {
    /// Marks the scans `ids` as exported in `format` at `date` (a scan marked before gets the new time), in one
    /// transaction; ids of scans deleted meanwhile are skipped.
    package func markExported(_ ids: [Int64], format: String, at date: Date) throws {
        guard !ids.isEmpty else { return }
        try write("marking \(ids.count == 1 ? "a scan" : "\(ids.count) scans") exported") { db in
            for id in ids {
                try db.execute(
                    sql: """
                        INSERT INTO exports (scanId, format, exportedAt)
                        SELECT id, ?, ? FROM scans WHERE id = ?
                        ON CONFLICT(scanId, format) DO UPDATE SET exportedAt = excluded.exportedAt
                        """,
                    arguments: [format, date.timeIntervalSince1970, id])
            }
        }
    }
}
