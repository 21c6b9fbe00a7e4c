import Foundation
import GRDB

extension StoreDatabase {
    /// The cached Discogs lookup under `key` (`mbid:…`, or `sleeve:…` for an album MusicBrainz does not know).
    package func cachedLinks(key: String) throws -> CachedLinks? {
        try read("reading the Discogs link cache") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM releaseLinks WHERE key = ?", arguments: [key])
            else { return nil }
            let ids = try StoreJSON.decode([Int].self, row["discogsReleaseIds"], column: "releaseLinks.discogsReleaseIds")
            let source = (row["source"] as String?).flatMap(DiscogsLink.Source.init)
            return CachedLinks(link: DiscogsLink(releaseIds: ids, source: source), searched: row["searched"])
        }
    }

    /// Caches a Discogs lookup (or a miss) under `key`.
    package func saveLinks(_ links: CachedLinks, key: String, at: Date) throws {
        let ids = try StoreJSON.encode(links.link.releaseIds)
        try write("caching a Discogs lookup") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO releaseLinks (key, discogsReleaseIds, source, searched, createdAt)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [key, ids, links.link.source?.rawValue, links.searched, at.timeIntervalSince1970])
        }
    }
}
