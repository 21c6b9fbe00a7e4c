import GRDB

extension StoreSchema {
    // Every scan's version, which grows with each change `show --json` would show, and the log of those changes:
    // when, through which door (`cli`, or the page's client), and each field's old and new value. A deleted scan
    // takes its log with it.
    static func scanVersions(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE scans ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
                CREATE TABLE changes (
                    id INTEGER PRIMARY KEY,
                    scanId INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
                    version INTEGER NOT NULL,
                    changedAt REAL NOT NULL,
                    door TEXT NOT NULL,
                    field TEXT NOT NULL,
                    old,
                    new
                );
                CREATE INDEX changes_scanId ON changes(scanId, version);
                """)
    }
}
