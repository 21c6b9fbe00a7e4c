import Foundation
import GRDB

extension StoreDatabase {
    /// Saves an identified scan, upserting its album in the same transaction; returns the scan id.
    package func saveScan(_ scan: NewScan) throws -> Int64 {
        guard let id = try saveScans([scan]).first else {
            throw AlbumScanError.storage("the database did not return the new scan's id")
        }
        return id
    }

    /// Saves many scans in one transaction (imports and benchmarks); returns their ids in order.
    package func saveScans(_ scans: [NewScan]) throws -> [Int64] {
        try saved(scans).map(\.id)
    }

    /// Saves a scan (in place when it says so) and returns its id, the shop fields it was saved with (a SKU
    /// pattern numbered, the fields of a scan replaced in place kept) and its version.
    package func save(_ scan: NewScan, stamp: ChangeStamp = .cli) throws -> SavedScan {
        guard let saved = try saved([scan], stamp: stamp).first else {
            throw AlbumScanError.storage("the database did not return the new scan's id")
        }
        return saved
    }

    private func saved(_ scans: [NewScan], stamp: ChangeStamp = .cli) throws -> [SavedScan] {
        let encoded = try scans.map {
            (
                $0, try StoreJSON.encode($0.timings), try StoreJSON.encode($0.album.genres),
                try StoreJSON.encode($0.album.discogs.releaseIds), try StoreJSON.encode($0.album.sources)
            )
        }
        return try write("saving \(scans.count == 1 ? "a scan" : "\(scans.count) scans")") { db in
            try encoded.map { scan, timings, genres, discogs, sources in
                let albumId = try Self.upsertAlbum(scan, genres: genres, discogs: discogs, sources: sources, in: db)
                let facts = try Self.releaseFacts(albumId: albumId, in: db)
                let earlier = scan.inPlace ? try Self.earlierScan(of: scan.inputSha256, in: db) : nil
                // On `serve` a scan replaced in place keeps its shop fields whole (only PATCH edits them).
                let shop =
                    if let earlier, scan.keepsShopFields { earlier.shop } else {
                        try Self.resolved(scan.shop, over: earlier?.shop ?? .none, in: db)
                    }
                let columns: [(String, (any DatabaseValueConvertible)?)] =
                    [
                        ("scannedAt", scan.scannedAt.timeIntervalSince1970), ("albumId", albumId), ("fileName", scan.fileName),
                        ("inputSha256", scan.inputSha256), ("tier", scan.tier.rawValue), ("calls", scan.calls),
                        ("searchGate", scan.searchGate.rawValue), ("artworkStatus", scan.artworkStatus.rawValue),
                        ("reviewStatus", scan.reviewStatus.rawValue), ("reviewKey", scan.reviewKey),
                        ("promptHash", scan.promptHash), ("timings", timings), ("reservationId", scan.reservationId),
                        ("verificationStatus", scan.verification.status.rawValue),
                        ("verificationScore", scan.verification.score), ("verificationReleaseId", scan.verification.releaseId),
                        ("method", scan.method.rawValue), ("duplicateOf", scan.duplicateOf),
                        ("artworkReason", scan.artworkReason),
                    ] + facts + ShopField.allCases.map { ($0.rawValue, shop[$0]) }
                let arguments = StatementArguments(columns.map(\.1))
                let id: Int64
                if let earlier {
                    // A scan of a photo already saved replaces it in place (same id, new time, its shop fields kept
                    // unless the run named them). Its quota reservation is kept aside, still charged.
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO replacedCharges (reservationId, tier)
                            SELECT reservationId, tier FROM scans WHERE id = ? AND reservationId IS NOT NULL
                            """,
                        arguments: [earlier.id])
                    try Self.logging([earlier.id], stamp, in: db) {
                        try db.execute(
                            sql: "UPDATE scans SET " + columns.map { "\($0.0) = ?" }.joined(separator: ", ") + " WHERE id = ?",
                            arguments: arguments + [earlier.id])
                    }
                    id = earlier.id
                } else {
                    try db.execute(
                        sql: "INSERT INTO scans (" + columns.map(\.0).joined(separator: ", ") + ") VALUES ("
                            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
                        arguments: arguments)
                    id = db.lastInsertedRowID
                }
                try Self.settleFailures(sha256: scan.inputSha256, file: scan.fileName, in: db)
                let version = try Int.fetchOne(db, sql: "SELECT version FROM scans WHERE id = ?", arguments: [id]) ?? 1
                return SavedScan(id: id, shop: shop, version: version)
            }
        }
    }

    /// The release cache's facts as a new scan's own (`StoreSchema.snapshotColumns`): the cache row as this scan just
    /// refreshed it, so a scan of a known release shows what earlier scans learned of it, never their edits (a
    /// correction writes only its own scan).
    private static func releaseFacts(albumId: Int64, in db: Database) throws -> [(String, (any DatabaseValueConvertible)?)] {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT artist, title, year, genres, label, mbid, artworkUrl, barcode, catalogNumber, format, country,
                        discogsReleaseIds, discogsIdSource, sources AS albumSources
                    FROM albums WHERE id = ?
                    """, arguments: [albumId])
        else { throw AlbumScanError.storage("the database lost the album row it just wrote") }
        return StoreSchema.snapshotColumns.map { ($0, row[$0] as DatabaseValue) }
    }

    /// The newest saved scan of a photo with this content, with its shop fields, if any.
    private static func earlierScan(of sha256: String, in db: Database) throws -> (id: Int64, shop: ShopFields)? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM scans WHERE inputSha256 = ? ORDER BY id DESC LIMIT 1", arguments: [sha256]
        ).map { ($0["id"], shopFields(from: $0)) }
    }

    /// The tier of each saved scan charged under one of these reservations, by reservation id.
    package func scansCharged(to ids: Set<String>) throws -> [String: Tier] {
        guard !ids.isEmpty else { return [:] }
        return try read("looking up interrupted scans") { db in
            let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            let rows = try Row.fetchAll(
                db, sql: "SELECT reservationId, tier FROM scans WHERE reservationId IN (\(placeholders))",
                arguments: StatementArguments(Array(ids)))
            let replaced = try Row.fetchAll(
                db, sql: "SELECT reservationId, tier FROM replacedCharges WHERE reservationId IN (\(placeholders))",
                arguments: StatementArguments(Array(ids)))
            return Dictionary(
                (rows + replaced).compactMap { row in
                    (row["tier"] as String?).flatMap(Tier.init).map { (row["reservationId"] as String, $0) }
                },
                uniquingKeysWith: { first, _ in first })
        }
    }

    // Re-scans update the one album row in place (keeping known values the new scan lacks),
    // so a scan of a known album adds only its own small row. Discogs links: found ids replace the row's; a scan
    // that learned there are none settles a row still `pending`; a `pending` scan never undoes what the row knows.
    // (Every SET expression reads the row as it was before the update.)
    static func upsertAlbum(
        _ scan: NewScan, genres: String, discogs: String, sources: String, in db: Database
    ) throws -> Int64 {
        let album = scan.album
        let key = scan.albumDedupeKey
        let mbid = album.musicbrainzReleaseId.flatMap { $0.isEmpty ? nil : $0 }
        try db.execute(
            sql: """
                INSERT INTO albums (dedupeKey, artist, title, year, genres, label, mbid, artworkUrl, reviewKey,
                    artworkDescriptor, artworkLayout, retrievalWords, barcode, catalogNumber, format, country,
                    discogsReleaseIds, discogsIdSource, sources)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(dedupeKey) DO UPDATE SET
                    artist = excluded.artist,
                    title = excluded.title,
                    year = COALESCE(excluded.year, albums.year),
                    genres = CASE WHEN excluded.genres = '[]' THEN albums.genres ELSE excluded.genres END,
                    label = COALESCE(excluded.label, albums.label),
                    artworkUrl = COALESCE(excluded.artworkUrl, albums.artworkUrl),
                    reviewKey = COALESCE(excluded.reviewKey, albums.reviewKey),
                    artworkDescriptor = COALESCE(excluded.artworkDescriptor, albums.artworkDescriptor),
                    artworkLayout = COALESCE(excluded.artworkLayout, albums.artworkLayout),
                    retrievalWords = CASE WHEN excluded.artworkDescriptor IS NULL THEN albums.retrievalWords
                        ELSE excluded.retrievalWords END,
                    barcode = COALESCE(excluded.barcode, albums.barcode),
                    catalogNumber = COALESCE(excluded.catalogNumber, albums.catalogNumber),
                    format = COALESCE(excluded.format, albums.format),
                    country = COALESCE(excluded.country, albums.country),
                    discogsIdSource = CASE WHEN excluded.discogsReleaseIds != '[]' THEN excluded.discogsIdSource
                        WHEN albums.discogsIdSource = 'pending' AND excluded.discogsIdSource IS NULL THEN NULL
                        ELSE albums.discogsIdSource END,
                    discogsReleaseIds = CASE WHEN excluded.discogsReleaseIds = '[]' THEN albums.discogsReleaseIds
                        ELSE excluded.discogsReleaseIds END,
                    sources = CASE WHEN excluded.sources = '{}' THEN albums.sources ELSE excluded.sources END
                """,
            arguments: [
                key, album.artist, album.title, album.year, genres, album.label, mbid, scan.artworkURL,
                scan.reviewKey, scan.artworkDescriptor, scan.artworkDescriptor.flatMap(LocalIndex.layoutBytes),
                scan.artworkDescriptor.flatMap(LocalIndex.wordBytes),
                album.barcode, album.catalogNumber, album.format, album.country, discogs, album.discogs.source?.rawValue, sources,
            ])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM albums WHERE dedupeKey = ?", arguments: [key])
        else { throw AlbumScanError.storage("the database lost the album row it just wrote") }
        return id
    }

    /// The saved scan with this id, with its album and cached review, or nil when there is none.
    package func scan(id: Int64) throws -> StoredScan? {
        try read("reading scan \(id)") { db in
            try Row.fetchOne(db, sql: Self.scansPage(Self.wholeScanColumns, where: "s.id = ?"), arguments: [id, 1])
                .map(Self.storedScan)
        }
    }

    /// The newest saved scan of a photo with this content (SHA-256 of the file), if any.
    package func scanId(sha256: String) throws -> Int64? {
        try read("looking up a photo") { db in
            try Int64.fetchOne(
                db, sql: "SELECT id FROM scans WHERE inputSha256 = ? ORDER BY id DESC LIMIT 1", arguments: [sha256])
        }
    }

    /// How many scans are stored.
    package func scanCount() throws -> Int {
        try read("counting scans") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scans") ?? 0 }
    }

    /// Deletes one scan (its album, artwork and review stay cached); false when there was no such scan.
    package func deleteScan(id: Int64) throws -> Bool {
        try write("deleting scan \(id)") { db in
            try db.execute(sql: "DELETE FROM scans WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Builds an album from a row holding artist, title, year, genres, label and mbid columns (and, when the row has
    /// them, barcode and the catalogue columns).
    static func album(from row: Row) throws -> Album {
        var album = Album(
            artist: row["artist"], title: row["title"], year: row["year"],
            genres: try StoreJSON.decode([String].self, row["genres"], column: "albums.genres"),
            label: row["label"], musicbrainzReleaseId: row["mbid"], barcode: row.hasColumn("barcode") ? row["barcode"] : nil)
        if row.hasColumn("catalogNumber") {
            album.edition = Edition(catalogNumber: row["catalogNumber"], format: row["format"], country: row["country"])
        }
        if row.hasColumn("discogsReleaseIds") {
            album.discogs = DiscogsLink(
                releaseIds: try StoreJSON.decode([Int].self, row["discogsReleaseIds"], column: "albums.discogsReleaseIds"),
                source: (row["discogsIdSource"] as String?).flatMap(DiscogsLink.Source.init))
        }
        if row.hasColumn("albumSources"), let sources = row["albumSources"] as String? {
            album.sources = try StoreJSON.decode(AlbumSources.self, sources, column: "albums.sources")
        }
        return album
    }

    /// Decodes a text column into a raw-value enum, naming the column when the value is unknown.
    static func decodeEnum<E: RawRepresentable>(_ type: E.Type, _ raw: String?, _ column: String) throws -> E
    where E.RawValue == String {
        guard let raw, let value = E(rawValue: raw) else {
            throw AlbumScanError.storage("the database holds an unknown \(column) value \(raw ?? "NULL")")
        }
        return value
    }
}
