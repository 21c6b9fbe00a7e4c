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
