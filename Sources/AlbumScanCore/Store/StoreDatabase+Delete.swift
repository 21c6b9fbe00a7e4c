import Foundation
import GRDB

/// What `deleteScans` did: every scan named was deleted, or none was because some ids name no scan.
package enum ScanDeletion: Sendable, Equatable {
    /// The ids deleted, ascending.
    case deleted([Int64])
    /// The ids that name no scan, as ascending ranges; nothing was deleted.
    case unknown([ClosedRange<Int64>])
}

extension StoreDatabase {
    /// Deletes every scan in `ranges` in one transaction, or none of them when any id names no scan (their albums,
    /// artwork and reviews stay cached).
    package func deleteScans(_ ranges: [ClosedRange<Int64>]) throws -> ScanDeletion {
        let ranges = Self.merged(ranges)
        return try write(Self.namesOne(ranges) ? "deleting a scan" : "deleting scans") { db in
            let (found, missing) = try Self.scanIds(in: ranges, db)
            guard missing.isEmpty else { return .unknown(missing) }
            for range in ranges {
                try db.execute(
                    sql: "DELETE FROM scans WHERE id BETWEEN ? AND ?", arguments: [range.lowerBound, range.upperBound])
            }
            return .deleted(found)
        }
    }

    /// The ids of saved scans in `ranges` (merged), and the ranges of ids that name none.
    static func scanIds(in ranges: [ClosedRange<Int64>], _ db: Database) throws -> (found: [Int64], missing: [ClosedRange<Int64>]) {
        var found: [Int64] = []
        var missing: [ClosedRange<Int64>] = []
        for range in ranges {
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM scans WHERE id BETWEEN ? AND ? ORDER BY id",
                arguments: [range.lowerBound, range.upperBound])
            // The gaps are found from the ids present, never by walking the range: `1-9999999999` costs
            // what the table holds, not ten billion steps.
            missing += gaps(in: range, present: ids)
            found += ids
        }
        return (found, missing)
    }

    /// Whether `ranges` (merged) name a single id.
    static func namesOne(_ ranges: [ClosedRange<Int64>]) -> Bool {
        ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound
    }

    /// Sorted ranges with overlapping and touching ones joined, so no id is looked up twice.
    static func merged(_ ranges: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last,
                range.lowerBound <= last.upperBound || (last.upperBound < .max && range.lowerBound == last.upperBound + 1)
            {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The parts of `range` not in `present` (ascending ids inside it).
    static func gaps(in range: ClosedRange<Int64>, present: [Int64]) -> [ClosedRange<Int64>] {
        var gaps: [ClosedRange<Int64>] = []
        var next = range.lowerBound
        for id in present {
            if id > next { gaps.append(next...(id - 1)) }
            if id == range.upperBound { return gaps }
            next = id + 1
        }
        gaps.append(next...range.upperBound)
        return gaps
    }
}
