import Foundation

/// A loopback fake of the Discogs database search (`GET /database/search`): token authentication, a User-Agent of
/// the application's own, and a limit of `limit` requests in any moving `window` seconds per client, with the
/// `X-Discogs-Ratelimit-*` headers on every answer and 429 beyond the limit.
package final class FakeDiscogs: Sendable {
    /// Answers a search that passed the checks, given its query parameters.
    package typealias Responder = @Sendable (_ parameters: [String: String]) -> [DiscogsResult]

    private struct State {
        var responder: Responder
        var arrivals: [Date] = []
        var searches: [[String: String]] = []
        var refused = 0
        /// Seconds the next authenticated search is told to wait (a 429 with `Retry-After` and nothing remaining).
        var refuseNext: Int? = nil
    }

    /// The token the fake accepts.
    package let token: String
    /// Requests allowed in any `window` seconds.
    package let limit: Int
    package let window: Double
    /// The server underneath, for its request log, latency and stop.
    package let server: LoopbackServer
    private let state: LockedValue<State>

    /// Starts the fake. The real limit is 60 a minute for an authenticated client.
    package init(
        token: String = "discogs-fake-token-7f3a", limit: Int = 60, window: Double = 60,
        responder: @escaping Responder = { _ in [] }
    ) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        self.token = token
        self.limit = limit
        self.window = window
        server = try LoopbackServer { request in
            FakeDiscogs.handle(request, state: state, token: token, limit: limit, window: window)
        }
    }

    /// The API root for the client, `http://127.0.0.1:PORT`.
    package var baseURL: String { server.baseURL }

    /// The parameters of every search answered, in order.
    package var searches: [[String: String]] { state.withLock { $0.searches } }

    /// When each request arrived, refused ones included.
    package var arrivals: [Date] { state.withLock { $0.arrivals } }

    /// Requests refused with 429.
    package var refused: Int { state.withLock { $0.refused } }

    /// Refuses the next authenticated search with a 429 saying `Retry-After: seconds` and no request remaining, as
    /// Discogs does when another client of the same token used the minute up.
    package func refuseNext(retryAfter seconds: Int) {
        state.withLock { $0.refuseNext = seconds }
    }

    /// Replaces the responder.
    package func respond(with responder: @escaping Responder) {
        state.withLock { $0.responder = responder }
    }

    /// Stops the server.
    package func stop() {
        server.stop()
    }

    /// The most requests that arrived in any `window` seconds (closed at both ends).
    package static func busiestWindow(_ arrivals: [Date], window: Double) -> Int {
        let times = arrivals.map(\.timeIntervalSince1970).sorted()
        var best = 0, start = 0
        for end in times.indices {
            while times[end] - times[start] > window { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    private static func handle(
        _ request: FakeRequest, state: LockedValue<State>, token: String, limit: Int, window: Double
    ) -> FakeResponse {
        let used = state.withLock { state -> Int in
            state.arrivals.append(request.receivedAt)
            return state.arrivals.filter { request.receivedAt.timeIntervalSince($0) < window }.count
        }
        var headers = [
            "X-Discogs-Ratelimit": String(limit), "X-Discogs-Ratelimit-Used": String(min(used, limit)),
            "X-Discogs-Ratelimit-Remaining": String(max(0, limit - used)),
        ]
        guard request.method == "GET", request.path == "/database/search" else {
            return .unexpected(request, by: "FakeDiscogs")
        }
        let agent = request.header("User-Agent") ?? ""
        guard agent.range(of: #"^[A-Za-z][^/\s]*/\S+"#, options: .regularExpression) != nil,
            !agent.lowercased().hasPrefix("curl/"), !agent.lowercased().hasPrefix("python")
        else { return .json(["message": "A unique User-Agent is required."], status: 403, headers: headers) }
        guard request.header("Authorization") == "Discogs token=\(token)" else {
            return .json(["message": "You must authenticate to access this resource."], status: 401, headers: headers)
        }
        let scripted = state.withLock { state -> Int? in
            defer { state.refuseNext = nil }
            return state.refuseNext
        }
        if used > limit || scripted != nil {
            state.withLock { $0.refused += 1 }
            headers["Retry-After"] = String(scripted ?? 60)
            if scripted != nil { headers["X-Discogs-Ratelimit-Remaining"] = "0" }
            return .json(["message": "You are making requests too quickly."], status: 429, headers: headers)
        }
        let parameters = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let responder = state.withLock { state -> Responder in
            state.searches.append(parameters)
            return state.responder
        }
        let results = responder(parameters)
        let body: [String: Any] = [
            "pagination": [
                "page": 1, "pages": 1, "per_page": 50, "items": results.count, "urls": [String: String](),
            ],
            "results": results.map(\.jsonObject),
        ]
        return .json(body, headers: headers.merging(["Content-Type": "application/json"]) { $1 })
    }
}
