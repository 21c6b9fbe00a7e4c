import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Store: delete several")
struct AlbumStoreDeleteTests {
    private func seed(_ store: StoreDatabase, count: Int) throws -> [Int64] {
        try (0..<count).map { index in
            try store.saveScan(
                StoreFixture.newScan(
                    album: Album(artist: "Artist \(index)", title: "Title \(index)"),
                    at: StoreFixture.epoch.addingTimeInterval(Double(index)), reviewKey: "key \(index)"))
        }
    }

    @Test func idsAndRangesAreDeletedTogether() throws {
        // Given ten scans
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let ids = try seed(store, count: 10)
        #expect(ids == Array(1...10))
        // When single ids and overlapping ranges are deleted
        let outcome = try store.deleteScans([9...9, 2...4, 3...5, 1...1])
        // Then each is deleted once and the rest stay
        #expect(outcome == .deleted([1, 2, 3, 4, 5, 9]))
        #expect(try store.history(limit: 20).map(\.id) == [10, 8, 7, 6])
    }

    @Test(arguments: [
        ([4...4, 11...11] as [ClosedRange<Int64>], [11...11] as [ClosedRange<Int64>]),
        ([8...14], [11...14]),
        ([1...3, 12...12, 20...22], [12...12, 20...22]),
        ([1...Int64.max], [11...Int64.max]),
    ])
    func anyUnknownIdDeletesNothing(asked: [ClosedRange<Int64>], unknown: [ClosedRange<Int64>]) throws {
        // Given ten scans
        let store = try StoreDatabase.inMemory()
        _ = try seed(store, count: 10)
        // When ids some of which name no scan are deleted
        let outcome = try store.deleteScans(asked)
        // Then the unknown ones are named and every scan is still there
        #expect(outcome == .unknown(unknown))
        #expect(try store.scanCount() == 10)
    }

    @Test func aGapInsideARangeIsNamed() throws {
        // Given ten scans, of which 5 and 6 were deleted already
        let store = try StoreDatabase.inMemory()
        _ = try seed(store, count: 10)
        #expect(try store.deleteScans([5...6]) == .deleted([5, 6]))
        // When a range across the gap is deleted
        // Then the gap is named and nothing is deleted
        #expect(try store.deleteScans([3...8]) == .unknown([5...6]))
        #expect(try store.scanCount() == 8)
    }

    @Test(arguments: [
        ([] as [ClosedRange<Int64>], [] as [ClosedRange<Int64>]),
        ([3...5, 1...2], [1...5]),
        ([1...4, 2...3], [1...4]),
        ([7...9, 1...2, 4...4], [1...2, 4...4, 7...9]),
        ([Int64.max...Int64.max, 1...1], [1...1, Int64.max...Int64.max]),
    ])
    func rangesAreMergedBeforeTheLookup(ranges: [ClosedRange<Int64>], merged: [ClosedRange<Int64>]) {
        #expect(StoreDatabase.merged(ranges) == merged)
    }

    @Test(arguments: [
        (1...10 as ClosedRange<Int64>, [] as [Int64], [1...10] as [ClosedRange<Int64>]),
        (1...10, Array(1...10), []),
        (1...10, [1, 10], [2...9]),
        (1...10, [5], [1...4, 6...10]),
        (3...3, [3], []),
        (1...Int64.max, [Int64.max], [1...(Int64.max - 1)]),
    ])
    func gapsAreWhatIsNotPresent(range: ClosedRange<Int64>, present: [Int64], gaps: [ClosedRange<Int64>]) {
        #expect(StoreDatabase.gaps(in: range, present: present) == gaps)
    }
}
