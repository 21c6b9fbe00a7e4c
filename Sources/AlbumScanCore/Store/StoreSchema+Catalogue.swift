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
}
