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
                        SELECT a.*, s.id AS scanId FROM albums a JOIN scans s ON s.albumId = a.id
                        WHERE a.discogsIdSource = 'pending' AND a.mbid IS NOT NULL AND s.id IN (\(placeholders))
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

    /// Records what was learned of the release `mbid`'s Discogs links on its album, when they are still `pending`
    /// there (a row another process settled meanwhile is left alone); false when no row changed.
    @discardableResult
    package func settleLinks(_ link: DiscogsLink, mbid: String) throws -> Bool {
        guard !link.isPending else { return false }
        let ids = try StoreJSON.encode(link.releaseIds)
        return try write("recording the Discogs links of \(mbid)") { db in
            try db.execute(
                sql: """
                    UPDATE albums SET discogsReleaseIds = ?, discogsIdSource = ?
                    WHERE mbid = ? AND discogsIdSource = 'pending'
                    """, arguments: [ids, link.source?.rawValue, mbid])
            return db.changesCount > 0
        }
    }
}
