import AlbumScanCore
import FlyingFox
import Foundation

/// `GET /api/export?format=csv|discogs-inventory|discogs-collection`: the bytes `history --format` writes.
struct ExportRoute {
    let context: ServeContext

    func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        try ServeRouter.allow(request, ["GET"])
        let format = request.query["format"] ?? "csv"
        let store = try await context.store()
        let rows = try await store.exportRows(limit: Int(Int32.max))
        let document: String
        switch format {
        case "csv": document = HistoryCSV.document(rows)
        case "discogs-inventory": document = DiscogsInventoryCSV.export(rows).document
        case "discogs-collection": document = DiscogsCollectionCSV.export(rows).document
        default: throw APIError.badRequest("format takes csv, discogs-inventory or discogs-collection")
        }
        var response = ServeResponse.data(Data(document.utf8), type: "text/csv; charset=utf-8")
        response.headers[.contentDisposition] = "attachment; filename=\"albumscan-\(format).csv\""
        return response
    }
}
