import Foundation
import GRDB

extension StoreDatabase {
    /// Writes corrected scans in one transaction: each scan's own album facts, artwork, verification and review.
    /// Nothing another scan shows changes: the release cache (`albums`) only gains a row for a release it lacks.
    /// Each scan must still be at the version in `expecting` (when named there), else nothing is written.
    func saveCorrections(_ corrections: [CorrectedScan], stamp: ChangeStamp = .cli, expecting: [Int64: Int] = [:]) throws {
        let encoded = try corrections.map {
            (
                $0, try StoreJSON.encode($0.album.genres), try StoreJSON.encode($0.album.discogs.releaseIds),
                try StoreJSON.encode($0.album.sources)
            )
        }
        try write(corrections.count == 1 ? "correcting a scan" : "correcting scans") { db in
            for (corrected, genres, discogs, sources) in encoded {
                let scan = corrected.scan
                let album = corrected.album
                let reviewStatus = corrected.review?.status ?? scan.reviewStatus
                let reviewKey = corrected.review.map { $0.review == nil ? nil : $0.key.description } ?? scan.reviewKey
                let albumId = try Self.cacheRow(for: album, in: db)
                let mbid = album.musicbrainzReleaseId.flatMap { $0.isEmpty ? nil : $0 }
                let columns: [(String, (any DatabaseValueConvertible)?)] = [
                    ("albumId", albumId), ("artworkStatus", corrected.artwork.status.rawValue),
                    ("artworkReason", corrected.artwork.reason?.code), ("reviewStatus", reviewStatus.rawValue),
                    ("reviewKey", reviewKey), ("verificationStatus", corrected.verification.status.rawValue),
                    ("verificationScore", corrected.verification.score),
                    ("verificationReleaseId", corrected.verification.releaseId),
                    ("artist", album.artist), ("title", album.title), ("year", album.year), ("genres", genres),
                    ("label", album.label), ("mbid", mbid), ("artworkUrl", corrected.artwork.url),
                    ("barcode", album.barcode), ("catalogNumber", album.edition.catalogNumber),
                    ("format", album.edition.format), ("country", album.edition.country), ("discogsReleaseIds", discogs),
                    ("discogsIdSource", album.discogs.source?.rawValue), ("albumSources", sources),
                ]
                try Self.check(scan.id, isAt: expecting[scan.id], in: db)
                try Self.logging([scan.id], stamp, in: db) {
                    try db.execute(
                        sql: "UPDATE scans SET " + columns.map { "\($0.0) = ?" }.joined(separator: ", ") + " WHERE id = ?",
                        arguments: StatementArguments(columns.map(\.1)) + [scan.id])
                }
            }
        }
    }

    /// The release cache's row for `album`, made (with its names only) when the cache has none; an existing row is
    /// never changed by a correction.
    private static func cacheRow(for album: Album, in db: Database) throws -> Int64 {
        let mbid = album.musicbrainzReleaseId.flatMap { $0.isEmpty ? nil : $0 }
        let key = NewScan.dedupeKey(of: album)
        try db.execute(
            // Its Discogs links are not known yet: `pending`, so a later scan of the release asks for them.
            sql: """
                INSERT INTO albums (dedupeKey, artist, title, mbid, discogsIdSource) VALUES (?, ?, ?, ?, 'pending')
                ON CONFLICT DO NOTHING
                """,
            arguments: [key, album.artist, album.title, mbid])
        let id =
            try Int64.fetchOne(db, sql: "SELECT id FROM albums WHERE dedupeKey = ?", arguments: [key])
            ?? Int64.fetchOne(db, sql: "SELECT id FROM albums WHERE mbid = ?", arguments: [mbid])
        guard let id else { throw AlbumScanError.storage("the database lost the album row it just wrote") }
        return id
    }
}

/// The scans a command names: every one, or the ids that name none.
package enum NamedScans: Sendable, Equatable {
    case found([StoredScan])
    case unknown([ClosedRange<Int64>])
}

extension StoreDatabase {
    /// The whole scans in `ranges`, oldest first, or the ranges of ids that name no scan.
    package func namedScans(_ ranges: [ClosedRange<Int64>]) throws -> NamedScans {
        let missing = try read("looking up scans") { db in try Self.scanIds(in: Self.merged(ranges), db).missing }
        guard missing.isEmpty else { return .unknown(missing) }
        return .found(try scans(in: ranges))
    }
}
