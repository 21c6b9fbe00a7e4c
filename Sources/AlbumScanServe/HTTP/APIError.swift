import AlbumScanCore
import FlyingFox
import Foundation

/// A refusal the API answers with: its status and `{"error": {"code", "message"}}`. Thrown by routes; the router
/// turns it into the response, so a refused request changes nothing.
struct APIError: Error, Sendable {
    var status: HTTPStatusCode
    var code: String
    var message: String
    /// Extra headers (`Retry-After` on 429).
    var headers: [HTTPHeader: String] = [:]
    /// The scan as it is now, for a write that named an older version (412 `stale`).
    var current: ScanResult? = nil
    /// For a browser's page rather than the API: an HTML page (`PairingPages`) answered instead of the JSON body.
    var page: String? = nil

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, code: "bad-request", message: message) }
    static func notFound(_ path: String) -> APIError {
        APIError(status: .notFound, code: "not-found", message: "no such page: \(SafeText.clean(path))")
    }
    static func unknownScan(_ id: String) -> APIError {
        APIError(status: .notFound, code: "unknown-scan", message: "no scan with id \(SafeText.clean(id))")
    }
    static func unknownJob(_ id: String) -> APIError {
        APIError(
            status: .notFound, code: "unknown-job",
            message: "no job \(SafeText.clean(id)) on this server (jobs from before a restart are gone; send the photo again)")
    }
    static func methodNotAllowed(_ allowed: [String]) -> APIError {
        APIError(
            status: .methodNotAllowed, code: "method-not-allowed", message: "use \(allowed.joined(separator: " or "))",
            headers: [HTTPHeader("Allow"): allowed.joined(separator: ", ")])
    }
    static func badField(_ message: String) -> APIError {
        APIError(status: HTTPStatusCode(422, phrase: "Unprocessable Content"), code: "bad-field", message: message)
    }
    /// 412: the write named a version the scan has moved on from; nothing changed, and `current` is what it is now.
    static func stale(_ stale: StaleVersion, current: ScanResult?) -> APIError {
        APIError(
            status: HTTPStatusCode(412, phrase: "Precondition Failed"), code: "stale", message: stale.message,
            headers: current?.version.map { [HTTPHeader("ETag"): "\"\($0)\""] } ?? [:], current: current)
    }
    static func internalError(_ message: String) -> APIError {
        APIError(status: .internalServerError, code: "internal", message: message)
    }
    /// 431, before any other check: the request line and headers are over `RequestHead`'s limits. The connection is
    /// closed after it.
    static let headersTooLarge = APIError(
        status: HTTPStatusCode(431, phrase: "Request Header Fields Too Large"), code: "headers-too-large",
        message: "the request line and headers are over \(RequestHead.maxBytes / 1_024) KB "
            + "or \(RequestHead.maxFields) fields; send fewer or shorter headers",
        headers: [.connection: "close"])
    static let unauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: "open the pairing link albumscan serve printed, or send Authorization: Bearer TOKEN")

    /// `unauthorized` for a browser's page: the page saying how to pair.
    static let notPaired: APIError = {
        var error = unauthorized
        error.page = PairingPages.notPaired
        return error
    }()

    /// The response: the JSON body (or the page) and the headers every response carries.
    var response: HTTPResponse {
        var response =
            if let page {
                ServeResponse.data(Data(page.utf8), type: "text/html; charset=utf-8", status: status, policy: PairingPages.policy)
            } else {
                ServeResponse.json(Body(error: .init(code: code, message: message, current: current)), status: status)
            }
        for (header, value) in headers { response.headers[header] = value }
        return response
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
            var current: ScanResult?
        }
        var error: Detail
    }
}
