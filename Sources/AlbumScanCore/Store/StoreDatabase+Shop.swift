import GRDB

extension StoreDatabase {
    /// The shop's fields read from a row holding `scans` columns (a field whose column the row lacks is unset).
    static func shopFields(from row: Row) -> ShopFields {
        var shop = ShopFields()
        for field in ShopField.allCases where row.hasColumn(field.rawValue) { shop[field] = row[field.rawValue] }
        return shop
    }
}
