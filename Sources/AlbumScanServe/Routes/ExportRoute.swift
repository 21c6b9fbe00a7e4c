import AlbumScanApp
import AlbumScanCore
import FlyingFox
import Foundation

/// The exports (DESIGN wave 5), each one call to the application's `CatalogueExporter`, as `history --format` makes:
/// - `GET /api/export?format=F[&notExported=1]`: the CSV `history --format F [--not-exported]` writes;
/// - `GET /api/export/report?format=F[&notExported=1]`: {`listed`, `leftOut`: [{`reason`, `count`, `scanIds`}]};
/// - `POST /api/export/marks` {`format`, `scanIds`}: marks exactly those scans exported, {`marked`: newly marked}.
/// While links are pending, the first two start (or join) the links fill and answer 202 {`job`}.
struct ExportRoute {
    let context: ServeContext

    enum Answer { case document, report }

    func handle(_ request: HTTPRequest, answer: Answer, client: String) async throws -> HTTPResponse {
        let exportRequest = try Self.exportRequest(request.query)
        let exporter = CatalogueExporter(environment: context.environment, store: try await context.store())
        let pending = try await exporter.pendingLinks(for: exportRequest)
        if !pending.isEmpty, !context.linksFill.recentlyFailed {
            let job = context.linksFill.start(pending, exporter: exporter, client: client)
            return ServeResponse.json(Started(job: job), status: .accepted)
        }
        let export = try await exporter.export(exportRequest.asOf(pending))
        switch answer {
        case .report:
            return ServeResponse.json(export.report)
        case .document:
            var response = ServeResponse.data(Data(export.document.utf8), type: "text/csv; charset=utf-8")
            response.headers[.contentDisposition] = "attachment; filename=\"albumscan-\(export.format.rawValue).csv\""
            return response
        }
    }

    /// `POST /api/export/marks`.
    func mark(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body: Marks
        do {
            body = try JSONDecoder().decode(Marks.self, from: try await context.reader.read(request))
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.badRequest("the body is {\"format\": \"\(ExportFormat.names)\", \"scanIds\": [ids]}")
        }
        guard let format = ExportFormat(rawValue: body.format) else {
            throw APIError.badField("format takes \(ExportFormat.names)")
        }
        let exporter = CatalogueExporter(environment: context.environment, store: try await context.store())
        do {
            return ServeResponse.json(Marked(marked: try await exporter.mark(body.scanIds, format: format, refusingUnknown: true)))
        } catch AlbumScanError.unknownScan(let id) {
            throw APIError(
                status: HTTPStatusCode(422, phrase: "Unprocessable Content"), code: "unknown-scan",
                message: "no scan with id \(id); nothing was marked")
        }
    }

    /// The form and scans a query asks for.
    static func exportRequest(_ query: [HTTPRequest.QueryItem]) throws -> ExportRequest {
        let name = query["format"] ?? "csv"
        guard let format = ExportFormat(rawValue: name) else { throw APIError.badRequest("format takes \(ExportFormat.names)") }
        return ExportRequest(format: format, notExported: ["1", "true"].contains(query["notExported"] ?? ""))
    }

    private struct Started: Encodable { var job: String }
    private struct Marks: Decodable {
        var format: String
        var scanIds: [Int64]
    }
    private struct Marked: Encodable { var marked: Int }
}
