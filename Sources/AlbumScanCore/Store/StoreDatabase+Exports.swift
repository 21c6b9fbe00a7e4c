import Foundation
import GRDB

extension StoreDatabase {
    /// Marks the scans `ids` as exported in `format` at `date` (a scan marked before gets the new time), in one
    /// transaction, and returns how many were not marked in that form before. Ids of scans deleted meanwhile are
    /// skipped, unless `refusingUnknown`: then one unknown id is `unknownScan` and nothing is marked.
    @discardableResult
    package func markExported(_ ids: [Int64], format: String, at date: Date, refusingUnknown: Bool = false) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try write("marking \(ids.count == 1 ? "a scan" : "\(ids.count) scans") exported") { db in
            var newlyMarked = 0
            for id in Set(ids).sorted() {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM scans WHERE id = ?", arguments: [id]) != nil else {
                    if refusingUnknown { throw AlbumScanError.unknownScan(id) }
                    continue
                }
                let before = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM exports WHERE scanId = ? AND format = ?", arguments: [id, format]) != nil
                if !before { newlyMarked += 1 }
                try db.execute(
                    sql: """
                        INSERT INTO exports (scanId, format, exportedAt) VALUES (?, ?, ?)
                        ON CONFLICT(scanId, format) DO UPDATE SET exportedAt = excluded.exportedAt
                        """,
                    arguments: [id, format, date.timeIntervalSince1970])
            }
            return newlyMarked
        }
    }
}
