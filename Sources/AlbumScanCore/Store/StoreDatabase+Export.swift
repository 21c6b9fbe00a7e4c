import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` scans that pass `filter`, for export, newest first; `before` pages like `history`.
    package func exportRows(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) throws -> [HistoryExportRow] {
        try read("reading history") { db in try Self.exportRows(db, limit: limit, before: before, filter: filter) }
    }

    /// The scans an export of `format` reads, and which of them are already marked exported in that form, from one
    /// read transaction (so what an export lists and what it leaves out as exported agree).
    package func exportSnapshot(format: String, limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) throws
        -> (rows: [HistoryExportRow], exported: Set<Int64>)
    {
        try read("reading history") { db in
            let rows = try Self.exportRows(db, limit: limit, before: before, filter: filter)
            let exported = try Int64.fetchSet(db, sql: "SELECT scanId FROM exports WHERE format = ?", arguments: [format])
            return (rows, exported.intersection(rows.map(\.scanId)))
        }
    }

    private static func exportRows(_ db: Database, limit: Int, before: Int64?, filter: HistoryFilter) throws
        -> [HistoryExportRow]
    {
        let (condition, arguments) = filter.whereClause(before: before)
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
