import AlbumScanCore
import FlyingFox
import Foundation

/// Every request's way in: the Host check (before anything else), the route read from the method and path, pairing
/// (open to anyone), then the cookie or bearer token, then the Origin check for writes and the event stream, then one
/// `switch` over the route. A refusal is a JSON error (a page for a browser's page) and changes nothing.
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
        let route = try parse(request, names: names)
        if route == .pair { return try PairRoute(context: context).handle(request) }
        let client = try authenticate(request)
        if ServeRoute.checksOrigin(request.method, route: route) { try checkOrigin(request, client: client, names: names) }
        return try await serve(route, request, client: client)
    }

    /// The request's route. A path no route has (404) or a method its route does not take (405) is told only to a
    /// client that passes auth and the Origin check, as any answer is; pairing's own refusal (405) to anyone.
    private func parse(_ request: HTTPRequest, names: HostAllowList) throws -> ServeRoute {
        do {
            return try ServeRoute.parse(method: request.method, path: request.path)
        } catch {
            if !ServeRoute.isPairing(request.path) {
                let client = try authenticate(request)
                if ServeRoute.checksOrigin(request.method, route: nil) {
                    try checkOrigin(request, client: client, names: names)
                }
            }
            throw error
        }
    }

    /// The answer to a route, for a client that passed auth and the Origin check.
    private func serve(_ route: ServeRoute, _ request: HTTPRequest, client: Client) async throws -> HTTPResponse {
        let (pages, scans, jobs) = (PageRoutes(context: context), ScanRoutes(context: context), JobRoutes(context: context))
        switch route {
        case .pair: return try PairRoute(context: context).handle(request)
        case .page: return pages.page()
        case .stylesheet: return pages.stylesheet()
        case .script(let name): return try pages.script(name)
        case .crate: return try await pages.crate()
        case .scans: return try await scans.list(request)
        case .upload: return try await UploadRoute(context: context).handle(request, client: client.id)
        case .scan(let id): return try await scans.show(id)
        case .editScan(let id): return try await scans.edit(id, request: request, client: client.id)
        case .deleteScan(let id): return try await scans.delete(id)
        case .scanPhoto(let id): return try await scans.photo(id)
        case .scanChanges(let id): return try await scans.changes(id)
        case .scanArtwork(let id): return try await scans.artwork(id)
        case .scanSidePhoto(let id):
            return try await SleevePhotoRoutes(context: context).pinScan(request, id: id, client: client.id)
        case .jobSidePhoto(let job):
            return try await SleevePhotoRoutes(context: context).backOfJob(request, job: job, client: client.id)
        case .jobs: return jobs.list(client: client.id)
        case .job(let id): return try jobs.job(id)
        case .editJob(let id): return try await JobPatchRoute(context: context).handle(request, job: id, client: client.id)
        case .events: return jobs.events(client: client.id)
        case .export: return try await ExportRoute(context: context).handle(request, answer: .document, client: client.id)
        case .exportReport: return try await ExportRoute(context: context).handle(request, answer: .report, client: client.id)
        case .exportMarks: return try await ExportRoute(context: context).mark(request)
        case .session: return ServeResponse.json(SessionInfo(configuration: context.configuration, client: client.id))
        }
    }

    /// Who is asking: a paired cookie's client, or the bearer token's one client.
    struct Client {
        var id: String
        var byCookie: Bool
    }

    /// The client, else 401: JSON for the API, the page saying how to pair for any other path (a browser's).
    private func authenticate(_ request: HTTPRequest) throws -> Client {
        let refused = ServeRoute.isAPI(request.path) ? APIError.unauthorized : APIError.notPaired
        // The scheme is case-insensitive (RFC 9110 §11.1): `bearer TOKEN` is the same as `Bearer TOKEN`.
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            guard ConstantTime.equal(String(authorization.dropFirst(7)), context.configuration.token) else {
                throw refused
            }
            return Client(id: "bearer", byCookie: false)
        }
        guard let id = context.cookie.client(cookieHeader: request.headers[.cookie]) else { throw refused }
        return Client(id: id, byCookie: true)
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
