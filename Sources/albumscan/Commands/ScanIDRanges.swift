import AlbumScanApp
import AlbumScanCore

/// The scan ids `delete` and `edit` name: single ids (`12`) and inclusive ranges (`12-20`), each from 1 up.
enum ScanIDRanges {
    /// The ranges the arguments name, in the order given; a malformed one is a usage error naming it.
    static func parse(_ arguments: [String]) throws -> [ClosedRange<Int64>] {
        guard !arguments.isEmpty else { throw AlbumScanError.usage("name at least one scan id, like 12 or 12-20") }
        return try arguments.map(parse)
    }

    static func parse(_ argument: String) throws -> ClosedRange<Int64> {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        let bounds = parts.map(id)
        switch (parts.count, bounds.first ?? nil, bounds.last ?? nil) {
        case (1, let id?, _):
            return id...id
        case (2, let low?, let high?) where low <= high:
            return low...high
        case (2, _?, _?):
            throw AlbumScanError.usage(
                "'\(SafeText.clean(argument))' is not a range of scan ids: it must run upwards, like 12-20")
        default:
            throw AlbumScanError.usage(
                "'\(SafeText.clean(argument))' is not a scan id or a range of them; ids are whole numbers from 1, ranges like 12-20"
            )
        }
    }

    /// A scan id: ASCII digits only (no sign, no spaces), at least 1.
    private static func id(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Int64(text), value >= 1
        else { return nil }
        return value
    }

    /// Ranges written back compactly for a message: `7, 12-20`.
    static func describe(_ ranges: [ClosedRange<Int64>]) -> String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            .joined(separator: ", ")
    }

    /// Ascending ids as the fewest ranges: [1, 2, 3, 7] is 1-3 and 7.
    static func compact(_ ids: [Int64]) -> [ClosedRange<Int64>] {
        var ranges: [ClosedRange<Int64>] = []
        for id in ids {
            if let last = ranges.last, last.upperBound < .max, last.upperBound + 1 == id {
                ranges[ranges.count - 1] = last.lowerBound...id
            } else {
                ranges.append(id...id)
            }
        }
        return ranges
    }
}
