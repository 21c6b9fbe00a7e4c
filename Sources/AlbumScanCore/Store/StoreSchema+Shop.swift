import GRDB

extension StoreSchema {
    // The shop's own fields on each scan: the grades in Discogs' exact words, where the record sits, the shop's stock
    // number, a comment, and the price the shop typed (text, so it is exported exactly as typed).
    static func shopFields(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN mediaCondition TEXT;
                ALTER TABLE scans ADD COLUMN sleeveCondition TEXT;
                ALTER TABLE scans ADD COLUMN location TEXT;
                ALTER TABLE scans ADD COLUMN sku TEXT;
                ALTER TABLE scans ADD COLUMN comments TEXT;
                ALTER TABLE scans ADD COLUMN price TEXT;
                """)
    }
}

extension StoreSchema {
    // Which scans went out in which export form and when (`history --mark-exported`), so a weekly export can list
    // only what is new (`--not-exported`) and Discogs gets no duplicate listings. A deleted scan takes its marks.
    static func exports(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE exports (
                    scanId INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
                    format TEXT NOT NULL,
                    exportedAt REAL NOT NULL,
                    PRIMARY KEY (scanId, format)
                ) WITHOUT ROWID;
                """)
    }
}

extension StoreSchema {
    // A scan of a photo already saved replaces that scan in place; the replaced scan's quota reservation is kept
    // here, so the keyring still finds it charged when it settles a reservation of a process that died.
    static func replacedCharges(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE replacedCharges (
                    reservationId TEXT PRIMARY KEY NOT NULL,
                    tier TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}
