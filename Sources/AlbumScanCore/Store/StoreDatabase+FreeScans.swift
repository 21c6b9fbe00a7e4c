import Foundation
import GRDB

extension StoreDatabase {
    /// Scans saved at or after `since` that were identified with no model call, by method (every such method is
    /// listed, with 0 when it named nothing).
    package func freeScans(since: Date) throws -> [IdentificationMethod: Int] {
        let free = IdentificationMethod.allCases.filter { !$0.usesModel }
        return try read("counting free scans") { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT method, COUNT(*) AS count FROM scans WHERE scannedAt >= ? GROUP BY method",
                arguments: [since.timeIntervalSince1970])
            var counts = Dictionary(uniqueKeysWithValues: free.map { ($0, 0) })
            for row in rows {
                guard let method = (row["method"] as String?).flatMap(IdentificationMethod.init), !method.usesModel else {
                    continue
                }
                counts[method] = row["count"]
            }
            return counts
        }
    }
}
