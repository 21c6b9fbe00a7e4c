import GRDB

/// The store's versioned schema migrations.
enum StoreSchema {
    /// All migrations, applied in order; never edit a shipped one, add "v2" and up instead.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try v1(db) }
        migrator.registerMigration("v2") { db in try v2(db) }
        migrator.registerMigration("v3") { db in try v3(db) }
        migrator.registerMigration("v4") { db in try v4ProviderUsage(db) }
        migrator.registerMigration("v5") { db in try v5(db) }
        migrator.registerMigration("v6") { db in try v6(db) }
        migrator.registerMigration("v7") { db in try v7Failures(db) }
        migrator.registerMigration("v8") { db in try v8Catalogue(db) }
        migrator.registerMigration("catalogue-links") { db in try releaseLinks(db) }
        migrator.registerMigration("shop-fields") { db in try shopFields(db) }
        migrator.registerMigration("retrieval-words") { db in try retrievalWords(db) }
        migrator.registerMigration("release-facts") { db in try releaseFacts(db) }
        migrator.registerMigration("incomplete-scans") { db in try incompleteScans(db) }
        migrator.registerMigration("exports") { db in try exports(db) }
        migrator.registerMigration("replaced-charges") { db in try replacedCharges(db) }
        migrator.registerMigration("scan-snapshots") { db in try scanSnapshots(db) }
        migrator.registerMigration("scan-versions") { db in try scanVersions(db) }
        migrator.registerMigration("failure-reasons") { db in try failureReasons(db) }
        return migrator
    }

    // A scan names the quota reservation it was charged under, so a scan saved by a process that died before
    // committing its reservation is still charged (and one never saved is not) when the keyring settles.
    private static func v2(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN reservationId TEXT;
                CREATE INDEX scans_reservationId ON scans(reservationId) WHERE reservationId IS NOT NULL;
                """)
    }

    // Each scan keeps its artwork check; scans saved before it existed read back as unchecked. An album keeps the
    // descriptor of its verified front image (a versioned MatchDescriptor, never the user's photo).
    private static func v3(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN verificationStatus TEXT NOT NULL DEFAULT 'unchecked';
                ALTER TABLE scans ADD COLUMN verificationScore REAL;
                ALTER TABLE scans ADD COLUMN verificationReleaseId TEXT;
                ALTER TABLE albums ADD COLUMN artworkDescriptor BLOB;
                ALTER TABLE albums ADD COLUMN artworkLayout BLOB;
                """)
    }

    // Call 0's retrieval index: the visual words of each album's verified front image (a version byte, then UInt16
    // word ids), made from its descriptor when saved. Albums stored before read NULL and get theirs on first load.
    private static func retrievalWords(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE albums ADD COLUMN retrievalWords BLOB")
    }

    // How each scan was identified (scans made before read as model, or search when Call 2 ran), which file a
    // duplicate followed, and the barcode an album was identified by or listed with.
    // A re-run over a folder looks every photo up by its content before reading it as an image.
    private static func v6(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX scans_inputSha256 ON scans(inputSha256)")
    }

    // A photo whose scan failed or found nothing, one row per photo content (per file name when the file could not
    // be read), until a later scan of it is saved: what `history --failed` lists.
    private static func v7Failures(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE failures (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    photoKey TEXT NOT NULL UNIQUE,
                    fileName TEXT NOT NULL,
                    inputSha256 TEXT,
                    status TEXT NOT NULL,
                    code TEXT NOT NULL,
                    message TEXT NOT NULL,
                    triedAt REAL NOT NULL,
                    tries INTEGER NOT NULL DEFAULT 1
                );
                CREATE INDEX failures_triedAt ON failures(triedAt, id);
                """)
    }

    private static func v5(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN method TEXT NOT NULL DEFAULT 'model';
                UPDATE scans SET method = 'search' WHERE calls >= 2;
                ALTER TABLE scans ADD COLUMN duplicateOf TEXT;
                ALTER TABLE albums ADD COLUMN barcode TEXT;
                """)
    }

    private static func v1(_ db: Database) throws {
        // dedupeKey is "mbid:<id>", else "key:<review key>", else the folded names (see NewScan).
        try db.execute(
            sql: """
                CREATE TABLE albums (
                    id INTEGER PRIMARY KEY,
                    dedupeKey TEXT NOT NULL UNIQUE,
                    artist TEXT NOT NULL,
                    title TEXT NOT NULL,
                    year TEXT,
                    genres TEXT NOT NULL DEFAULT '[]',
                    label TEXT,
                    mbid TEXT UNIQUE,
                    artworkUrl TEXT,
                    reviewKey TEXT
                );
                CREATE TABLE artwork (
                    mbid TEXT PRIMARY KEY NOT NULL,
                    url TEXT NOT NULL,
                    image BLOB NOT NULL,
                    thumbnail BLOB NOT NULL
                );
                CREATE TABLE reviews (
                    key TEXT PRIMARY KEY NOT NULL,
                    summary TEXT NOT NULL,
                    bullets TEXT NOT NULL,
                    rating REAL NOT NULL,
                    recommendation TEXT NOT NULL,
                    keyTracks TEXT NOT NULL,
                    sources TEXT NOT NULL,
                    model TEXT NOT NULL,
                    promptHash TEXT NOT NULL,
                    createdAt REAL NOT NULL
                );
                CREATE TABLE releaseCache (
                    key TEXT PRIMARY KEY NOT NULL,
                    mbid TEXT,
                    releaseGroupId TEXT,
                    title TEXT,
                    artist TEXT,
                    date TEXT,
                    createdAt REAL NOT NULL
                );
                CREATE TABLE scans (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    scannedAt REAL NOT NULL,
                    albumId INTEGER NOT NULL REFERENCES albums(id),
                    fileName TEXT NOT NULL,
                    inputSha256 TEXT NOT NULL,
                    tier TEXT NOT NULL,
                    calls INTEGER NOT NULL,
                    searchGate TEXT NOT NULL,
                    artworkStatus TEXT NOT NULL,
                    reviewStatus TEXT NOT NULL,
                    reviewKey TEXT,
                    promptHash TEXT NOT NULL,
                    timings TEXT NOT NULL DEFAULT '{}'
                );
                CREATE INDEX scans_scannedAt ON scans(scannedAt, id);
                CREATE TABLE usage (
                    id INTEGER PRIMARY KEY,
                    at REAL NOT NULL,
                    model TEXT NOT NULL,
                    promptTokens INTEGER NOT NULL,
                    completionTokens INTEGER NOT NULL
                );
                CREATE INDEX usage_at ON usage(at);
                """)
    }
}
