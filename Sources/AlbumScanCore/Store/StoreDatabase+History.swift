import Foundation
import GRDB

extension StoreDatabase {
    /// Up to `limit` scans that pass `filter`, newest first; pass the last id seen as `before` for the next page.
    package func history(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) throws -> [HistoryItem] {
        let (condition, arguments) = filter.whereClause(before: before)
        return try read("reading history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: Self.scansPage(
                    """
                    s.id, s.scannedAt, s.artist, s.title, s.year, s.genres, s.label, s.mbid, r.recommendation, r.rating,
                        s.mediaCondition, s.sleeveCondition, s.location, s.sku, s.comments, s.price,
                        EXISTS (SELECT 1 FROM artwork w WHERE w.mbid = s.mbid) AS hasArtwork
                    """, where: condition),
                arguments: arguments + [max(0, limit)])
            return try rows.map { row in
                HistoryItem(
                    id: row["id"], scannedAt: Date(timeIntervalSince1970: row["scannedAt"]),
                    album: try Self.album(from: row), recommendation: row["recommendation"],
                    rating: row["rating"], hasArtwork: row["hasArtwork"], shop: Self.shopFields(from: row))
            }
        }
    }
}
