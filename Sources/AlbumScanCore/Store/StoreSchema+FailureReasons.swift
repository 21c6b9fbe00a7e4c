import GRDB

extension StoreSchema {
    // Why a cover was last left unidentified (`error.reason.code`), so a photo answered from its last try says why
    // as the try did. Null for every other failure, and for failures kept before this column.
    static func failureReasons(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE failures ADD COLUMN reason TEXT")
    }
}
