import AlbumScanCore
import FlyingFox
import Foundation

/// The query of `GET /api/scans`: `history`'s filters and paging. A bad value is 400 naming what is accepted.
struct ScanQuery {
    var filter = HistoryFilter()
    var limit = 100
    var before: Int64?
    var failed = false

    /// The query read; `since` is read in `timeZone`, the zone of the machine running albumscan, as `history --since`.
    init(_ query: [HTTPRequest.QueryItem], timeZone: TimeZone = .current) throws {
        if let search = query["search"], !search.isEmpty { filter.search = search }
        if let text = query["since"], !text.isEmpty {
            guard let date = HistoryDate.read(text, in: timeZone) else {
                throw APIError.badRequest("since takes \(HistoryDate.forms)")
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
}
