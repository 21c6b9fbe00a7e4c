import GRDB

extension StoreSchema {
    /// The album facts each scan shows, held on the scan itself (DESIGN wave 5: a scan's facts are its own). Until
    /// this migration every scan read them from the `albums` row it shared with the other scans of its release,
    /// and a correction wrote the edited scan's facts into that row, so it reached the others. `albums` stays as
    /// the release cache a new scan copies from.
    static let snapshotColumns = [
        "artist", "title", "year", "genres", "label", "mbid", "artworkUrl", "barcode", "catalogNumber", "format",
        "country", "discogsReleaseIds", "discogsIdSource", "albumSources",
    ]

    // Each scan's current facts are copied as they are: facts that leaked into a shared row before this migration
    // stay on every scan that showed them, and nothing is repaired (a correction or rescan of such a scan is).
    static func scanSnapshots(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN artist TEXT NOT NULL DEFAULT '';
                ALTER TABLE scans ADD COLUMN title TEXT NOT NULL DEFAULT '';
                ALTER TABLE scans ADD COLUMN year TEXT;
                ALTER TABLE scans ADD COLUMN genres TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE scans ADD COLUMN label TEXT;
                ALTER TABLE scans ADD COLUMN mbid TEXT;
                ALTER TABLE scans ADD COLUMN artworkUrl TEXT;
                ALTER TABLE scans ADD COLUMN barcode TEXT;
                ALTER TABLE scans ADD COLUMN catalogNumber TEXT;
                ALTER TABLE scans ADD COLUMN format TEXT;
                ALTER TABLE scans ADD COLUMN country TEXT;
                ALTER TABLE scans ADD COLUMN discogsReleaseIds TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE scans ADD COLUMN discogsIdSource TEXT;
                ALTER TABLE scans ADD COLUMN albumSources TEXT;
                UPDATE scans SET (artist, title, year, genres, label, mbid, artworkUrl, barcode, catalogNumber, format,
                        country, discogsReleaseIds, discogsIdSource, albumSources) =
                    (SELECT artist, title, year, genres, label, mbid, artworkUrl, barcode, catalogNumber, format,
                        country, discogsReleaseIds, discogsIdSource, sources FROM albums WHERE albums.id = scans.albumId);
                CREATE INDEX scans_mbid ON scans(mbid) WHERE mbid IS NOT NULL;
                """)
    }
}
