import AlbumScanCore
import FlyingFox
import Foundation

/// Builds responses, each with the headers every answer of this server carries and no CORS header at all.
enum ServeResponse {
    /// The page's policy: its script and style are the server's own files, images the server's or `data:`, no
    /// framing, no plugins, forms and fetches only to this origin.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The crate page's policy: it holds its style inline and its images as `data:`, and no script at all.
    static let cratePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"

    /// `value` as JSON (the CLI's encoder); an encoding failure is a 500 that says so.
    static func json<T: Encodable>(_ value: T, status: HTTPStatusCode = .ok) -> HTTPResponse {
        do {
            return data(Data(try JSONOutput.encode(value).utf8), type: "application/json", status: status)
        } catch {
            return data(
                Data(#"{"error":{"code":"internal","message":"the answer could not be encoded"}}"#.utf8),
                type: "application/json", status: .internalServerError)
        }
    }

    /// Bytes of a type, with the common headers.
    static func data(
        _ body: Data, type: String, status: HTTPStatusCode = .ok, policy: String = pagePolicy, cache: String = "no-store"
    ) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers(type: type, policy: policy, cache: cache), body: body)
    }

    /// The headers every response carries.
    static func headers(type: String?, policy: String = pagePolicy, cache: String = "no-store") -> HTTPHeaders {
        var headers: HTTPHeaders = [
            .cacheControl: cache,
            HTTPHeader("Content-Security-Policy"): policy,
            HTTPHeader("X-Content-Type-Options"): "nosniff",
            HTTPHeader("X-Frame-Options"): "DENY",
            HTTPHeader("Referrer-Policy"): "no-referrer",
        ]
        if let type { headers[.contentType] = type }
        return headers
    }

    /// 204, nothing else.
    static var noContent: HTTPResponse {
        HTTPResponse(statusCode: .noContent, headers: headers(type: nil))
    }

    /// 303 to `location`, with extra headers (the pairing cookie).
    static func seeOther(_ location: String, setCookie: String?) -> HTTPResponse {
        var headers = headers(type: "text/plain; charset=utf-8")
        headers[.location] = location
        if let setCookie { headers[.setCookie] = setCookie }
        return HTTPResponse(statusCode: .seeOther, headers: headers, body: Data("paired; go to /\n".utf8))
    }
}
