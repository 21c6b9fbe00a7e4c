import Foundation
import GRDB

extension StoreDatabase {
    /// The cached review under this normalised key, if any.
    package func review(key: AlbumKey) throws -> Review? {
        try read("reading a cached review") { db in try Self.fetchReview(key: key.description, in: db) }
    }

    /// Caches a review under its normalised key, replacing an older one.
    package func saveReview(_ review: Review, key: AlbumKey, model: String, promptHash: String, at: Date) throws {
        let bullets = try StoreJSON.encode(review.bullets)
        let keyTracks = try StoreJSON.encode(review.keyTracks)
        let sources = try StoreJSON.encode(review.sources)
        try write("caching a review") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO reviews
                        (key, summary, bullets, rating, recommendation, keyTracks, sources, model, promptHash, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.description, review.summary, bullets, review.rating, review.recommendation, keyTracks, sources,
                    model, promptHash, at.timeIntervalSince1970,
                ])
        }
    }

    static func fetchReview(key: String, in db: Database) throws -> Review? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM reviews WHERE key = ?", arguments: [key])
        else { return nil }
        return Review(
            summary: row["summary"],
            bullets: try StoreJSON.decode([String].self, row["bullets"], column: "reviews.bullets"),
            rating: row["rating"], recommendation: row["recommendation"],
            keyTracks: try StoreJSON.decode([String].self, row["keyTracks"], column: "reviews.keyTracks"),
            sources: try StoreJSON.decode([Review.Source].self, row["sources"], column: "reviews.sources"))
    }

    /// The cached MusicBrainz lookup for this album, if any (a miss has a nil mbid).
    package func cachedRelease(key: AlbumKey) throws -> CachedRelease? {
        try read("reading the release cache") { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM releaseCache WHERE key = ?", arguments: [key.description])
            else { return nil }
            var release = CachedRelease(
                mbid: row["mbid"], releaseGroupId: row["releaseGroupId"], title: row["title"],
                artist: row["artist"], date: row["date"])
            if let facts = row["facts"] as String? {
                release.facts = try StoreJSON.decode(ReleaseFacts.self, facts, column: "releaseCache.facts")
            }
            return release
        }
    }

    /// Caches a MusicBrainz lookup result (or miss) under its normalised key.
    package func saveRelease(_ release: CachedRelease, key: AlbumKey, at: Date) throws {
        let facts = try release.facts.map(StoreJSON.encode)
        try write("caching a release lookup") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO releaseCache
                        (key, mbid, releaseGroupId, title, artist, date, facts, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.description, release.mbid, release.releaseGroupId, release.title, release.artist,
                    release.date, facts, at.timeIntervalSince1970,
                ])
        }
    }

    /// The stored artwork of a release, if any.
    package func artwork(mbid: String) throws -> StoredArtwork? {
        try read("reading artwork") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM artwork WHERE mbid = ?", arguments: [mbid])
            else { return nil }
            return StoredArtwork(url: row["url"], image: row["image"], thumbnail: row["thumbnail"])
        }
    }

    /// Stores a release's artwork once, replacing an older copy.
    package func saveArtwork(_ artwork: StoredArtwork, mbid: String) throws {
        try write("storing artwork") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO artwork (mbid, url, image, thumbnail) VALUES (?, ?, ?, ?)",
                arguments: [mbid, artwork.url, artwork.image, artwork.thumbnail])
        }
    }

    /// The 200 px thumbnail of a scan's album, if its artwork is stored.
    package func thumbnail(scanId: Int64) throws -> Data? {
        try read("reading a thumbnail") { db in
            try Data.fetchOne(
                db,
                sql: """
                    SELECT w.thumbnail FROM scans s
                    JOIN artwork w ON w.mbid = s.mbid
                    WHERE s.id = ?
                    """,
                arguments: [scanId])
        }
    }
}
