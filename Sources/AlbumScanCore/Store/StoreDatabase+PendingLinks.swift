import Foundation
import GRDB

extension StoreDatabase {
    /// The albums of these scans whose Discogs links are still `pending`, one per release, in the order of the scans
    /// that first name them.
    package func pendingLinkAlbums(scanIds: [Int64]) throws -> [Album] {
        try read("reading the scans' pending Discogs links") { db in
            var albums: [Album] = []
            var seen = Set<String>()
            // In slices: SQLite limits the parameters of one statement.
            for start in stride(from: 0, to: scanIds.count, by: 500) {
                let slice = Array(scanIds[start..<min(start + 500, scanIds.count)])
                let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ", ")
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT s.*, s.id AS scanId FROM scans s
                        WHERE s.discogsIdSource = 'pending' AND s.mbid IS NOT NULL AND s.id IN (\(placeholders))
                        """, arguments: StatementArguments(slice))
                let order = Dictionary(slice.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                let position = { (row: Row) -> Int in order[row["scanId"] as Int64, default: 0] }
                for row in rows.sorted(by: { position($0) < position($1) }) {
                    let album = try Self.album(from: row)
                    guard let mbid = album.musicbrainzReleaseId, seen.insert(mbid).inserted else { continue }
                    albums.append(album)
                }
            }
            return albums
        }
    }

    /// Records what was learned of the release `mbid`'s Discogs links on those of `scanIds` that show it still
    /// `pending` (a scan another process settled meanwhile is left alone), and in the release cache for later scans;
    /// false when no scan changed. Other scans of the release keep `pending` until their own links are filled.
    @discardableResult
    package func settleLinks(_ link: DiscogsLink, mbid: String, scanIds: [Int64], stamp: ChangeStamp = .cli) throws -> Bool {
        guard !link.isPending else { return false }
        let ids = try StoreJSON.encode(link.releaseIds)
        return try write("recording the Discogs links of \(mbid)") { db in
            try db.execute(
                sql: """
                    UPDATE albums SET discogsReleaseIds = ?, discogsIdSource = ?
                    WHERE mbid = ? AND discogsIdSource = 'pending'
                    """, arguments: [ids, link.source?.rawValue, mbid])
            var changed = 0
            for start in stride(from: 0, to: scanIds.count, by: 500) {
                let slice = Array(scanIds[start..<min(start + 500, scanIds.count)])
                let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ", ")
                try Self.logging(slice, stamp, in: db) {
                    try db.execute(
                        sql: """
                            UPDATE scans SET discogsReleaseIds = ?, discogsIdSource = ?
                            WHERE mbid = ? AND discogsIdSource = 'pending' AND id IN (\(placeholders))
                            """, arguments: [ids, link.source?.rawValue, mbid] + StatementArguments(slice))
                    changed += db.changesCount
                }
            }
            return changed > 0
        }
    }
}
