import Foundation
import GRDB

extension AlbumStore {
    /// Up to `limit` scans for export, newest first; `before` pages like `history`.
    public func exportRows(limit: Int, before: Int64? = nil) throws -> [HistoryExportRow] {
        try read("reading history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.scannedAt, s.fileName, s.calls, a.artist, a.title, a.year, a.genres, a.label, a.mbid,
                        r.recommendation, r.rating, s.verificationStatus
                    FROM scans s
                    JOIN albums a ON a.id = s.albumId
                    LEFT JOIN reviews r ON r.key = s.reviewKey AND s.reviewStatus != 'unavailable'
                    WHERE s.id < ?
                    ORDER BY s.id DESC
                    LIMIT ?
                    """,
                arguments: [before ?? Int64.max, max(0, limit)])
            return try rows.map { row in
                let calls: Int = row["calls"]
                return HistoryExportRow(
                    scanId: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
                    album: try Self.album(from: row), rating: row["rating"], recommendation: row["recommendation"],
                    verification: row["verificationStatus"],
                    // Until the store keeps the identification method, it follows from the calls made: ID Call 2
                    // (web search) ran only when Call 1 could not name the album.
                    method: calls >= 2 ? "search" : "model", file: row["fileName"])
            }
        }
    }
}
