import FlyingFox
import Foundation

/// `serve -v`'s request log: one line per request, `serve: GET /api/jobs 200 client 3f2a…` (or `bearer`, or
/// `unpaired`), so a shop can see who connected and who failed to pair. The path is logged without its query,
/// where the pairing token travels: the token never reaches the log.
struct RequestLog: HTTPHandler {
    let router: ServeRouter

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await router.handleRequest(request)
        let status = response.statusCode.code
        // A pairing link that worked pairs a new client (its cookie is in the answer, not the request).
        let who = request.path == "/pair" && status < 400 ? "pairing" : who(request)
        router.context.environment.log(Self.line(request, status: status, who: who))
        return response
    }

    /// Who asked: the paired cookie's client, the bearer token's one client, or `unpaired` (no credential that
    /// matches; a bearer that does not match is unpaired too).
    func who(_ request: HTTPRequest) -> String {
        let context = router.context
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return ConstantTime.equal(String(authorization.dropFirst(7)), context.configuration.token) ? "bearer" : "unpaired"
        }
        return context.cookie.client(cookieHeader: request.headers[.cookie]).map { "client \($0)" } ?? "unpaired"
    }

    /// The logged line: method, the path alone (never the query), status, who.
    static func line(_ request: HTTPRequest, status: Int, who: String) -> String {
        let path = String(request.path.prefix(200).split(separator: "?", maxSplits: 1).first ?? "")
        return "serve: \(request.method.rawValue) \(path.isEmpty ? "/" : path) \(status) \(who)"
    }
}
