import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` scans that pass `filter`, for export, newest first; `before` pages like `history`.
    package func exportRows(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) throws -> [HistoryExportRow] {
        let (condition, arguments) = filter.whereClause(before: before)
        return try read("reading history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: Self.scansPage(
                    """
                    s.id, s.scannedAt, s.fileName, s.calls, s.artist, s.title, s.year, s.genres, s.label, s.mbid,
                        r.recommendation, r.rating, s.verificationStatus, s.method, s.catalogNumber, s.format,
                        s.country, s.discogsReleaseIds, s.discogsIdSource,
                        s.mediaCondition, s.sleeveCondition, s.location, s.sku, s.comments, s.price
                    """, where: condition),
                arguments: arguments + [max(0, limit)])
            return try rows.map { row in
                HistoryExportRow(
                    scanId: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
                    album: try Self.album(from: row), rating: row["rating"], recommendation: row["recommendation"],
                    verification: row["verificationStatus"],
                    method: row["method"], file: row["fileName"], shop: Self.shopFields(from: row))
            }
        }
    }
}
