import AlbumScanCore
import Testing

@testable import albumscan

/// The ids `delete` takes: single ids and upward ranges, nothing else.
@Suite struct ScanIDRangesTests {
    @Test(arguments: [
        ("12", 12...12 as ClosedRange<Int64>), ("1", 1...1), ("12-20", 12...20), ("7-7", 7...7), ("007", 7...7),
        ("9223372036854775807", Int64.max...Int64.max), ("1-9223372036854775807", 1...Int64.max),
    ])
    func accepts(text: String, range: ClosedRange<Int64>) throws {
        #expect(try ScanIDRanges.parse(text) == range)
    }

    @Test(arguments: [
        "a", "0", "5-3", "0-4", "", "-", "1-", "-3", "1--3", "1-2-3", "+5", " 5", "5 ", "1,2", "1.0", "１２",
        "9223372036854775808", "12-x", "x-12",
    ])
    func refuses(text: String) {
        let error = #expect(throws: AlbumScanError.self) { try ScanIDRanges.parse(text) }
        #expect(error.map(ExitCodes.code(for:)) == 64)
    }

    @Test func aBackwardRangeIsNamedAsSuch() {
        let error = #expect(throws: AlbumScanError.self) { try ScanIDRanges.parse("5-3") }
        #expect(error?.message.contains("'5-3'") == true)
        #expect(error?.message.contains("upwards") == true)
    }

    @Test func noIdsAtAllIsAUsageError() {
        #expect(throws: AlbumScanError.self) { try ScanIDRanges.parse([]) }
    }

    @Test(arguments: [
        ([] as [Int64], ""), ([4], "4"), ([1, 2, 3, 7], "1-3, 7"), ([1, 3, 5], "1, 3, 5"), ([9, 10], "9-10"),
    ])
    func compactsIdsForMessages(ids: [Int64], text: String) {
        #expect(ScanIDRanges.describe(ScanIDRanges.compact(ids)) == text)
    }
}
