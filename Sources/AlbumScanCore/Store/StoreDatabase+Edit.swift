import Foundation
import GRDB

/// What `editScans` did: every scan named was changed, or none was because some ids name no scan.
package enum ScanEdit: Sendable, Equatable {
    /// The ids changed, ascending.
    case edited([Int64])
    /// The ids that name no scan, as ascending ranges; nothing was changed.
    case unknown([ClosedRange<Int64>])
}

extension StoreDatabase {
    /// Sets the shop fields in `values` (nil clears one) on every scan in `ranges` in one transaction, or on none
    /// when any id names no scan. Fields not in `values` keep what they hold. A SKU pattern (`A-{n}`) numbers the
    /// scans in id order from the next free number among the other scans' SKUs (see `SKUPattern`).
    /// `ifVersion` names the version the caller saw of the one scan named (`If-Match`, `edit --if-version`): a scan
    /// at another version throws `StaleVersion` and nothing changes.
    package func editScans(
        _ ranges: [ClosedRange<Int64>], set values: [ShopField: String?], stamp: ChangeStamp = .cli, ifVersion: Int? = nil
    ) throws -> ScanEdit {
        let ranges = Self.merged(ranges)
        let fields = values.keys.sorted()
        guard !fields.isEmpty else { throw AlbumScanError.usage("name a field to change, like --location \"Bin 4\"") }
        return try write(Self.namesOne(ranges) ? "editing a scan" : "editing scans") { db in
            let (found, missing) = try Self.scanIds(in: ranges, db)
            guard missing.isEmpty else { return .unknown(missing) }
            if let ifVersion {
                guard found.count == 1 else { throw AlbumScanError.usage("a version names one scan; name one id") }
                try Self.check(found[0], isAt: ifVersion, in: db)
            }
            return try Self.logging(found, stamp, in: db) { try Self.set(values, on: found, ranges: ranges, in: db) }
        }
    }

    /// The edit's writes, inside its transaction.
    private static func set(
        _ values: [ShopField: String?], on found: [Int64], ranges: [ClosedRange<Int64>], in db: Database
    ) throws -> ScanEdit {
        let fields = values.keys.sorted()
        let pattern = (values[.sku] ?? nil).flatMap { SKUPattern.isPattern($0) ? $0 : nil }
        // Column names come from the fixed ShopField cases, never from the user; the values are bound.
        let plain = fields.filter { $0 != .sku || pattern == nil }
        let assignments = plain.map { "\($0.rawValue) = ?" }.joined(separator: ", ")
        for range in ranges where !plain.isEmpty {
            let arguments = StatementArguments(plain.map { values[$0] ?? nil }) + [range.lowerBound, range.upperBound]
            try db.execute(sql: "UPDATE scans SET \(assignments) WHERE id BETWEEN ? AND ?", arguments: arguments)
        }
        if let pattern {
            let first = try Self.nextNumber(pattern, excluding: Set(found), in: db)
            for (offset, id) in found.enumerated() {
                let sku = SKUPattern.sku(pattern, number: first + offset)
                try db.execute(sql: "UPDATE scans SET sku = ? WHERE id = ?", arguments: [sku, id])
            }
        }
        return .edited(found)
    }

    /// The whole scans in `ranges`, oldest first, each as `scan(id:)` reads it.
    package func scans(in ranges: [ClosedRange<Int64>]) throws -> [StoredScan] {
        let ranges = Self.merged(ranges)
        guard !ranges.isEmpty else { return [] }
        let condition = "(" + ranges.map { _ in "s.id BETWEEN ? AND ?" }.joined(separator: " OR ") + ")"
        let bounds = ranges.flatMap { [$0.lowerBound, $0.upperBound] }
        return try read("reading scans") { db in
            try Row.fetchAll(
                db, sql: Self.scansPage(Self.wholeScanColumns, where: condition),
                arguments: StatementArguments(bounds) + [Int64.max]
            )
            .map(Self.storedScan).reversed()
        }
    }
}
