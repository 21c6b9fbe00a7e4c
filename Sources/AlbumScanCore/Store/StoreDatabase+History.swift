import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` scans, newest first; pass the last id seen as `before` for the next page.
    package func history(limit: Int, before: Int64? = nil) throws -> [HistoryItem] {
        try read("reading history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.scannedAt, a.artist, a.title, a.year, a.genres, a.label, a.mbid,
                        r.recommendation, r.rating,
                        EXISTS (SELECT 1 FROM artwork w WHERE w.mbid = a.mbid) AS hasArtwork
                    FROM scans s
                    JOIN albums a ON a.id = s.albumId
                    LEFT JOIN reviews r ON r.key = s.reviewKey AND s.reviewStatus != 'unavailable'
                    WHERE s.id < ?
                    ORDER BY s.id DESC
                    LIMIT ?
                    """,
                arguments: [before ?? Int64.max, max(0, limit)])
            return try rows.map { row in
                HistoryItem(
                    id: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
                    album: try Self.album(from: row), recommendation: row["recommendation"],
                    rating: row["rating"], hasArtwork: row["hasArtwork"])
            }
        }
    }
}
