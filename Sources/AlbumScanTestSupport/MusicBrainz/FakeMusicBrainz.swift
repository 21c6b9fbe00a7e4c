import Foundation

/// A loopback fake of MusicBrainz `GET /ws/2/release` (search), `GET /ws/2/release/{mbid}` (lookup, with
/// `inc=url-rels`) and `GET /ws/2/artist` (artist search), with its User-Agent and rate-limit rules.
package final class FakeMusicBrainz: Sendable {
    /// Answers a release search that passed the checks.
    package typealias Responder = @Sendable (_ query: String, _ limit: Int?) -> FakeResponse
    /// Answers a release lookup that passed the checks: the MBID and the `inc` parameter (`url-rels`, …; "" when none).
    package typealias LookupResponder = @Sendable (_ mbid: String, _ inc: String) -> FakeResponse
    /// Answers an artist search that passed the checks: the decoded Lucene query.
    package typealias ArtistResponder = @Sendable (_ query: String) -> FakeResponse

    /// One search the responder answered.
    package struct Search: Sendable, Equatable {
        /// The decoded Lucene query.
        package var query: String
        /// The `limit` parameter, if sent.
        package var limit: Int?

        /// Creates a search record.
        package init(query: String, limit: Int?) {
            self.query = query
            self.limit = limit
        }
    }

    private struct State {
        var responder: Responder
        var lookupResponder: LookupResponder = { mbid, _ in MBRelease.lookupResponse(id: mbid) }
        var artistResponder: ArtistResponder = { _ in MBArtist.searchResponse([]) }
        var artistSearches: [String] = []
        var outage: Int? = nil
        var arrivals: [Date] = []
        var searches: [Search] = []
        var lookups: [String] = []
        var unexpected: [FakeRequest] = []
    }

    /// The 503 text MusicBrainz sends when requests come faster than one per second.
    package static let rateLimitMessage =
        "Your requests are exceeding the allowable rate limit. Please see "
        + "http://wiki.musicbrainz.org/XMLWebService for more information."

    /// The User-Agent shape MusicBrainz asks for: `name/version ( contact )`.
    package static let userAgentPattern = #"^[^/\s]+/[^\s]+ \( .+ \)$"#

    /// The server underneath, for its request log, latency and stop.
    package let server: LoopbackServer
    private let state: LockedValue<State>

    /// Starts the fake; with `enforceOneRequestPerSecond`, requests under 1 s apart get a 503.
    package init(
        enforceOneRequestPerSecond: Bool = false, rateLimitRetryAfter: Int? = nil, responder: @escaping Responder
    ) throws {
        let state = LockedValue(State(responder: responder))
        self.state = state
        server = try LoopbackServer { request in
            FakeMusicBrainz.handle(
                request, state: state, enforce: enforceOneRequestPerSecond,
                retryAfter: rateLimitRetryAfter)
        }
    }

    /// The base URL for the client, `http://127.0.0.1:PORT/ws/2`.
    package var baseURL: String { server.baseURL + "/ws/2" }

    /// Every search handed to the responder, in order.
    package var searches: [Search] { state.withLock { $0.searches } }

    /// When each request arrived, refused ones included, in order.
    package var arrivals: [Date] { state.withLock { $0.arrivals } }

    /// The MBIDs looked up (`/ws/2/release/{mbid}`), in order.
    package var lookups: [String] { state.withLock { $0.lookups } }

    /// Makes every later request fail with this status (an outage), or, with nil, answer again.
    package func outage(status: Int?) {
        state.withLock { $0.outage = status }
    }

    /// The artist searches answered (decoded queries), in order.
    package var artistSearches: [String] { state.withLock { $0.artistSearches } }

    /// Replaces the artist search responder (by default the index knows no artist).
    package func respondToArtistSearches(with responder: @escaping ArtistResponder) {
        state.withLock { $0.artistResponder = responder }
    }

    /// Replaces the lookup responder (by default every MBID is a release with no url relations).
    package func respondToLookups(with responder: @escaping LookupResponder) {
        state.withLock { $0.lookupResponder = responder }
    }

    /// Requests to anything but `GET /ws/2/release` and `GET /ws/2/release/{mbid}`.
    package var unexpectedRequests: [FakeRequest] { state.withLock { $0.unexpected } }

    /// Replaces the responder for later searches.
    package func respond(with responder: @escaping Responder) {
        state.withLock { $0.responder = responder }
    }

    /// Stops the server.
    package func stop() {
        server.stop()
    }

    private static func handle(
        _ request: FakeRequest, state: LockedValue<State>, enforce: Bool, retryAfter: Int?
    ) -> FakeResponse {
        // Every request counts towards the spacing, including refused ones, as on the real server.
        let previous = state.withLock { state -> Date? in
            defer { state.arrivals.append(request.receivedAt) }
            return state.arrivals.last
        }
        let path = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
        let lookup = path.hasPrefix("/ws/2/release/") ? String(path.dropFirst("/ws/2/release/".count)) : nil
        let known = path == "/ws/2/release" || path == "/ws/2/artist" || lookup?.contains("/") == false
        guard request.method == "GET" || request.method == "HEAD", known else {
            state.withLock { $0.unexpected.append(request) }
            return .unexpected(request, by: "FakeMusicBrainz")
        }
        if let status = state.withLock({ $0.outage }) { return errorBody("FakeMusicBrainz: outage", status: status) }
        let agent = request.header("User-Agent") ?? ""
        guard agent.range(of: userAgentPattern, options: .regularExpression) != nil else {
            return errorBody(
                "Missing or malformed User-Agent \(agent.debugDescription); "
                    + "use 'name/version ( contact )'", status: 403)
        }
        if enforce, let previous, request.receivedAt.timeIntervalSince(previous) < 1.0 {
            var response = errorBody(rateLimitMessage, status: 503)
            if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
            return response
        }
        if let lookup {
            let responder = state.withLock { state -> LookupResponder in
                state.lookups.append(lookup)
                return state.lookupResponder
            }
            return responder(lookup, request.query("inc") ?? "")
        }
        guard let query = request.query("query"), !query.isEmpty else {
            return errorBody("FakeMusicBrainz: the query parameter is required", status: 400)
        }
        if path == "/ws/2/artist" {
            let responder = state.withLock { state -> ArtistResponder in
                state.artistSearches.append(query)
                return state.artistResponder
            }
            return responder(query)
        }
        let limit = request.query("limit").flatMap { Int($0) }
        let responder = state.withLock { state -> Responder in
            state.searches.append(Search(query: query, limit: limit))
            return state.responder
        }
        return responder(query, limit)
    }

    private static func errorBody(_ message: String, status: Int) -> FakeResponse {
        .json(
            ["error": message, "help": "For usage, please see: https://musicbrainz.org/development/mmd"],
            status: status)
    }
}
