import AlbumScanApp
import AlbumScanCore
import FlyingFox
import Foundation

/// The query of `GET /api/scans`: `history`'s filters (read by the same `CatalogueQuery`) and paging. A bad value is 400 naming what is accepted.
struct ScanQuery {
    var filter = HistoryFilter()
    var limit = 100
    var before: Int64?
    var failed = false

    /// The query read; `since` is read in `timeZone`, the zone of the machine running albumscan, as `history --since`.
    init(_ query: [HTTPRequest.QueryItem], timeZone: TimeZone = .current) throws {
        // Empty words are unset, as a form sends them; the rest is read as `history` reads its options.
        func word(_ name: String) -> String? { query[name].flatMap { $0.isEmpty ? nil : $0 } }
        let words = CatalogueQuery(
            search: word("search"), since: word("since"), method: word("method"), verification: word("verification"))
        do {
            filter = try words.filter(timeZone: timeZone) { $0 }
        } catch let error as AlbumScanError {
            throw APIError.badRequest(error.message)
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
