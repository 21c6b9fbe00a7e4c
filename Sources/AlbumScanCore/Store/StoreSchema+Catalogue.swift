import GRDB

extension StoreSchema {
    // The exact release an album is (catalogue number, format, country) and its Discogs release ids, a JSON array
    // of numbers with the source they came from (`link` or `search`); and on each scan the shop's own fields:
    // the grades in Discogs' exact words, where the record sits, the shop's stock number, a comment and the price
    // the shop typed (text, exported as typed).
    static func v8Catalogue(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE albums ADD COLUMN catalogNumber TEXT;
                ALTER TABLE albums ADD COLUMN format TEXT;
                ALTER TABLE albums ADD COLUMN country TEXT;
                ALTER TABLE albums ADD COLUMN discogsReleaseIds TEXT NOT NULL DEFAULT '[]';
                ALTER TABLE albums ADD COLUMN discogsIdSource TEXT;
                ALTER TABLE scans ADD COLUMN mediaCondition TEXT;
                ALTER TABLE scans ADD COLUMN sleeveCondition TEXT;
                ALTER TABLE scans ADD COLUMN location TEXT;
                ALTER TABLE scans ADD COLUMN sku TEXT;
                ALTER TABLE scans ADD COLUMN comments TEXT;
                ALTER TABLE scans ADD COLUMN price TEXT;
                """)
    }
}
