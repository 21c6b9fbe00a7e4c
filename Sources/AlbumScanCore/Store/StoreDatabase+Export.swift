import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` scans for export, newest first; `before` pages like `history`.
    package func exportRows(limit: Int, before: Int64? = nil) throws -> [HistoryExportRow] {
        try read("reading history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.scannedAt, s.fileName, s.calls, a.artist, a.title, a.year, a.genres, a.label, a.mbid,
                        r.recommendation, r.rating, s.verificationStatus, s.method
                    FROM scans s
                    JOIN albums a ON a.id = s.albumId
                    LEFT JOIN reviews r ON r.key = s.reviewKey AND s.reviewStatus != 'unavailable'
                    WHERE s.id < ?
                    ORDER BY s.id DESC
                    LIMIT ?
                    """,
                arguments: [before ?? Int64.max, max(0, limit)])
            return try rows.map { row in
                HistoryExportRow(
                    scanId: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
                    album: try Self.album(from: row), rating: row["rating"], recommendation: row["recommendation"],
                    verification: row["verificationStatus"],
                    method: row["method"], file: row["fileName"])
            }
        }
    }
}
