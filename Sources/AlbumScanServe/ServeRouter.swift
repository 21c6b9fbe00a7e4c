import AlbumScanCore
import FlyingFox
import Foundation

/// Every request's way in: the Host check (before anything else), pairing, then the cookie or bearer token, then the
/// Origin check for writes and the event stream, then the route. A refusal is a JSON error and changes nothing.
struct ServeRouter: HTTPHandler {
    let context: ServeContext

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await route(request)
        } catch let error as APIError {
            return error.response
        } catch let error as AlbumScanError {
            return Self.response(for: error)
        } catch {
            context.environment.log("serve: \(request.method.rawValue) \(request.path): \(error)")
            return APIError(status: .internalServerError, code: "internal", message: "the server failed; see its log").response
        }
    }

    private func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        let names = context.allowList
        guard names.allowsHost(request.headers[.host]) else {
            throw APIError(
                status: .forbidden, code: "bad-host",
                message: "this server answers only to its own addresses; open the link albumscan serve printed")
        }
        if request.path == "/pair" { return try pair(request) }
        let client = try authenticate(request)
        if request.method != .GET || request.path == "/api/events" { try checkOrigin(request, client: client, names: names) }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch parts.first {
        case nil, "app.css", "js", "crate": return try await PageRoutes(context: context).handle(request, parts: parts)
        case "api": return try await api(request, parts: Array(parts.dropFirst()), client: client)
        default: throw APIError.notFound(request.path)
        }
    }

    private func api(_ request: HTTPRequest, parts: [String], client: Client) async throws -> HTTPResponse {
        switch parts.first {
        case "scans" where parts.count == 1 && request.method == .POST:
            return try await UploadRoute(context: context).handle(request, client: client.id)
        case "scans":
            return try await ScanRoutes(context: context).handle(request, parts: Array(parts.dropFirst()), client: client.id)
        case "jobs" where parts.count == 2 && request.method == .PATCH:
            return try await JobPatchRoute(context: context).handle(request, job: parts[1], client: client.id)
        case "jobs": return try JobRoutes(context: context).handle(request, parts: Array(parts.dropFirst()), client: client.id)
        case "events" where parts.count == 1:
            try Self.allow(request, ["GET"])
            return JobRoutes(context: context).events(client: client.id)
        case "export" where parts.count == 1: return try await ExportRoute(context: context).handle(request)
        case "session" where parts.count == 1:
            try Self.allow(request, ["GET"])
            return ServeResponse.json(SessionInfo(configuration: context.configuration, client: client.id))
        default: throw APIError.notFound(request.path)
        }
    }

    /// Who is asking: a paired cookie's client, or the bearer token's one client.
    struct Client {
        var id: String
        var byCookie: Bool
    }

    private func authenticate(_ request: HTTPRequest) throws -> Client {
        // The scheme is case-insensitive (RFC 9110 §11.1): `bearer TOKEN` is the same as `Bearer TOKEN`.
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            guard ConstantTime.equal(String(authorization.dropFirst(7)), context.configuration.token) else {
                throw APIError.unauthorized
            }
            return Client(id: "bearer", byCookie: false)
        }
        guard let id = context.cookie.client(cookieHeader: request.headers[.cookie]) else { throw APIError.unauthorized }
        return Client(id: id, byCookie: true)
    }

    /// `GET /pair?token=`: the token for a cookie, then 303 to `/` so the token leaves the address bar.
    private func pair(_ request: HTTPRequest) throws -> HTTPResponse {
        try Self.allow(request, ["GET"])
        guard let token = request.query["token"], ConstantTime.equal(token, context.configuration.token) else {
            throw APIError(
                status: .unauthorized, code: "bad-token",
                message: "this pairing link is not (or no longer) valid; use the one albumscan serve printed last")
        }
        return ServeResponse.seeOther("/", setCookie: SessionCookie.header(context.cookie.issue()))
    }

    /// A write or the event stream from another site's page is refused; so is a cookie-authenticated write that
    /// does not say where it comes from (browsers send `Origin` on every such request of their own).
    private func checkOrigin(_ request: HTTPRequest, client: Client, names: HostAllowList) throws {
        let badOrigin = APIError(
            status: .forbidden, code: "bad-origin", message: "requests from other sites' pages are refused")
        if let origin = request.headers[HTTPHeader("Origin")] {
            guard names.allowsOrigin(origin) else { throw badOrigin }
        } else if client.byCookie && request.method != .GET {
            throw badOrigin
        }
    }

    /// 405 unless the method is one of `methods`.
    static func allow(_ request: HTTPRequest, _ methods: [String]) throws {
        guard methods.contains(request.method.rawValue) else { throw APIError.methodNotAllowed(methods) }
    }

    /// A core error as a JSON error: its code, and the status its exit code stands for.
    static func response(for error: AlbumScanError) -> HTTPResponse {
        let status: HTTPStatusCode =
            switch error {
            case .usage: .badRequest
            case .unknownScan: .notFound
            case .invalidImage, .malformedInput, .photoQuality: HTTPStatusCode(415, phrase: "Unsupported Media Type")
            case .quotaExhausted, .rateLimited: .tooManyRequests
            case .serviceFailed, .serviceUnreachable: .serviceUnavailable
            default: .internalServerError
            }
        return APIError(status: status, code: error.code, message: error.message).response
    }
}
