import AlbumScanCore
import FlyingFox
import Foundation

/// The query of `GET /api/scans`: `history`'s filters and paging. A bad value is 400 naming what is accepted.
struct ScanQuery {
    var filter = HistoryFilter()
    var limit = 100
    var before: Int64?
    var failed = false

    init(_ query: [HTTPRequest.QueryItem]) throws {
        if let search = query["search"], !search.isEmpty { filter.search = search }
        if let text = query["since"], !text.isEmpty {
            guard let date = Self.date(text) else {
                throw APIError.badRequest("since takes a date YYYY-MM-DD or an ISO 8601 time with a zone")
            }
            filter.since = date
        }
        if let text = query["method"], !text.isEmpty {
            guard let method = IdentificationMethod(rawValue: text.lowercased()) else {
                throw APIError.badRequest(
                    "method takes one of \(IdentificationMethod.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            filter.method = method
        }
        if let text = query["verification"], !text.isEmpty {
            guard let status = Verification.Status(rawValue: text.lowercased()) else {
                throw APIError.badRequest("verification takes verified, mismatch, unsure or unchecked")
            }
            filter.verification = status
        }
        if let text = query["limit"] {
            guard let value = Int(text), (1...10_000).contains(value) else {
                throw APIError.badRequest("limit takes a number from 1 to 10000")
            }
            limit = value
        }
        if let text = query["before"] {
            guard let value = Int64(text) else { throw APIError.badRequest("before takes a scan id") }
            before = value
        }
        failed = ["1", "true"].contains(query["failed"] ?? "")
    }

    /// A date (UTC midnight) or an ISO 8601 time with a zone.
    static func date(_ text: String) -> Date? {
        if text.count == 10 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = text.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        }
        return ISO8601DateFormatter().date(from: text)
    }
}
