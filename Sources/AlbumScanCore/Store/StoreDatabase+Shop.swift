import Foundation
import GRDB

extension StoreDatabase {
    /// The shop's fields read from a row holding `scans` columns (a field whose column the row lacks is unset).
    static func shopFields(from row: Row) -> ShopFields {
        var shop = ShopFields()
        for field in ShopField.allCases where row.hasColumn(field.rawValue) { shop[field] = row[field.rawValue] }
        return shop
    }

    /// Sets the fields `fields` holds (the unset ones keep what the scan has) on scan `id`, and returns the scan's
    /// fields after, nil when there is no such scan: what a re-run does to a photo it skips as already scanned. A SKU
    /// pattern numbers the scan only when it has no SKU yet (see `SKUPattern`).
    package func applyShopFields(_ fields: ShopFields, toScan id: Int64, stamp: ChangeStamp = .cli) throws -> ShopFields? {
        try write("setting shop fields on scan \(id)") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM scans WHERE id = ?", arguments: [id]) else { return nil }
            let current = Self.shopFields(from: row)
            let wanted = try Self.resolved(fields, over: current, in: db)
            try Self.logging([id], stamp, in: db) { try Self.setShopFields(wanted, changedFrom: current, onScan: id, in: db) }
            return wanted
        }
    }

    /// What a scan holding `current` (`.none` for a new one) ends with when `fields` are given: each set field
    /// replaces the current value, except that a SKU pattern keeps a SKU the scan has and otherwise takes the next
    /// free number of the pattern. Run inside the write transaction that stores the result.
    static func resolved(_ fields: ShopFields, over current: ShopFields, in db: Database) throws -> ShopFields {
        var result = current
        for field in ShopField.allCases { if let value = fields[field] { result[field] = value } }
        if let sku = fields.sku, SKUPattern.isPattern(sku) {
            result.sku = try current.sku ?? nextSKU(sku, in: db)
        }
        return result
    }

    /// The pattern's next free SKU among the stored scans.
    static func nextSKU(_ pattern: String, in db: Database) throws -> String {
        SKUPattern.sku(pattern, number: try nextNumber(pattern, in: db))
    }

    /// The pattern's next free number among every stored scan but `excluded`.
    static func nextNumber(_ pattern: String, excluding excluded: Set<Int64> = [], in db: Database) throws -> Int {
        let prefix = SKUPattern.prefix(of: pattern)
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, sku FROM scans WHERE sku IS NOT NULL AND substr(sku, 1, ?) = ?",
            arguments: [prefix.count, prefix])
        return SKUPattern.next(pattern, taken: rows.filter { !excluded.contains($0["id"]) }.map { $0["sku"] as String })
    }

    /// Writes the fields of `wanted` that differ from `current` to scan `id`.
    static func setShopFields(_ wanted: ShopFields, changedFrom current: ShopFields, onScan id: Int64, in db: Database) throws {
        let changed = ShopField.allCases.filter { wanted[$0] != current[$0] }
        guard !changed.isEmpty else { return }
        // Column names come from the fixed ShopField cases, never from the user; the values are bound.
        let assignments = changed.map { "\($0.rawValue) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE scans SET \(assignments) WHERE id = ?",
            arguments: StatementArguments(changed.map { wanted[$0] }) + [id])
    }
}
