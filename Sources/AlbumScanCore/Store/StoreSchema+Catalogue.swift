import GRDB

extension StoreSchema {
    // The edition the photo shows (catalogue number, format, country) and the album's Discogs releases, as a JSON
    // array of ids with how they were found (`link` from MusicBrainz, `search` on Discogs).
    static func v8Catalogue(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE albums ADD COLUMN catalogNumber TEXT;
                ALTER TABLE albums ADD COLUMN format TEXT;
                ALTER TABLE albums ADD COLUMN country TEXT;
                ALTER TABLE albums ADD COLUMN discogsReleaseIds TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE albums ADD COLUMN discogsIdSource TEXT;
                """)
    }

    // The facts of a cached release (label, date, catalogue number, format, country, barcode, as JSON) that fill what
    // the sleeve left empty, and each album's record of which facts are the sleeve's and which MusicBrainz's.
    static func releaseFacts(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE releaseCache ADD COLUMN facts TEXT;
                ALTER TABLE albums ADD COLUMN sources TEXT;
                """)
    }

    // Why a scan's artwork is missing when a service failed (`service-failed`): such a scan was saved without its
    // release and artwork, `history --incomplete` lists it, and a plain re-run completes it.
    static func incompleteScans(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE scans ADD COLUMN artworkReason TEXT")
    }

    // The Discogs lookups of a release (or, with no release, of a sleeve's barcode and catalogue number), cached like
    // the release lookups: a known release makes no request. `searched` says a Discogs search was made too.
    static func releaseLinks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE releaseLinks (
                    key TEXT PRIMARY KEY NOT NULL,
                    discogsReleaseIds TEXT NOT NULL DEFAULT '[]',
                    source TEXT,
                    searched INTEGER NOT NULL DEFAULT 0,
                    createdAt REAL NOT NULL
                );
                """)
    }
}
