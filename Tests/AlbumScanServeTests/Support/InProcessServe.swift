import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import FlyingFox
import Foundation

/// `albumscan serve`'s router in this process, with no socket: each request is a FlyingFox value handed to the router
/// as a connection would hand it over, and each answer is read as the router made it. Scans run against the fixture
/// world's fakes. The server answers as if it listened on port 8750 of 192.168.1.20, on a machine named `studio`.
struct InProcessServe: Sendable {
    static let port: UInt16 = 8750
    static let address = "192.168.1.20"
    static let machineName = "studio"
    /// The Host and Origin of the server's own page, as a browser on this machine sends them.
    static let host = "127.0.0.1:\(port)"
    static let origin = "http://\(host)"

    let services: FakeServices
    let test: TestEnvironment
    let server: ServeServer
    let token: String
    let configuration: ServeConfiguration
    /// The same requests in `LiveServe.http`'s shape, for tests that once ran on a socket.
    var http: HTTP { HTTP(serve: self) }

    /// Runs `body` on a fresh server (not listening) and stops it after, whatever `body` did. The settings are
    /// `LiveServe`'s.
    static func run(
        queueBound: Int = 32, jobs: Int = 2, maxBytes: Int = 25 * 1024 * 1024, defaults: ShopFields = .none,
        _ body: (InProcessServe) async throws -> Void
    ) async throws {
        let services = try FixtureWorld.start()
        let test = try TestEnvironment(services: services)
        let serve: InProcessServe
        do {
            var configuration = ServeConfiguration(token: "")
            (configuration.port, configuration.jobs, configuration.queueBound) = (port, jobs, queueBound)
            (configuration.maxBytes, configuration.defaults) = (maxBytes, defaults)
            serve = try make(services: services, test: test, configuration: configuration, newToken: false)
        } catch {
            services.stop()
            test.remove()
            throw error
        }
        do {
            try await body(serve)
        } catch {
            await serve.stop()
            throw error
        }
        await serve.stop()
    }

    private static func make(
        services: FakeServices, test: TestEnvironment, configuration: ServeConfiguration, newToken: Bool
    ) throws -> InProcessServe {
        var configuration = configuration
        configuration.token = try PairingToken.load(home: test.environment.home, renew: newToken)
        let server = try ServeServer(configuration: configuration, environment: test.environment)
        server.answer(asAddresses: [address], machineName: machineName, port: port)
        return InProcessServe(
            services: services, test: test, server: server, token: configuration.token, configuration: configuration)
    }

    /// The server stopped and started again on the same home, as `albumscan serve` run again (with `--new-token`).
    /// The caller stops the returned server; this one must not be used after.
    func restarted(newToken: Bool) async throws -> InProcessServe {
        _ = await server.stop()
        return try Self.make(services: services, test: test, configuration: configuration, newToken: newToken)
    }

    func stop() async {
        _ = await server.stop()
        services.stop()
        test.remove()
    }

    /// A request as a connection hands it to the router: the target split at `?`, `Host` (unless nil), the given
    /// headers, and `Content-Length` for a body.
    static func request(
        _ method: HTTPMethod, _ target: String, headers: [String: String] = [:], body: Data = Data(),
        host: String? = InProcessServe.host
    ) -> FlyingFox.HTTPRequest {
        var fields = HTTPHeaders()
        if let host { fields[.host] = host }
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        if !body.isEmpty { fields[.contentLength] = "\(body.count)" }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return FlyingFox.HTTPRequest(
            method: method, version: .http11,
            target: .init(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
            headers: fields, body: HTTPBodySequence(data: body))
    }

    /// Sends a request and reads the whole answer (not for the event stream, whose body does not end: see `open`).
    func send(
        _ method: HTTPMethod, _ target: String, headers: [String: String] = [:], body: Data = Data(),
        host: String? = InProcessServe.host
    ) async throws -> Reply {
        let response = await open(method, target, headers: headers, body: body, host: host)
        return Reply(response: response, body: try await response.bodyData)
    }

    /// The router's answer as it is, its body not yet read.
    func open(
        _ method: HTTPMethod, _ target: String, headers: [String: String] = [:], body: Data = Data(),
        host: String? = InProcessServe.host
    ) async -> FlyingFox.HTTPResponse {
        await server.respond(to: Self.request(method, target, headers: headers, body: body, host: host))
    }

    /// Pairs as a new client from the address bar; returns its `Cookie` header value.
    func pair() async throws -> String {
        let answer = try await send(.GET, "/pair?token=\(token)")
        guard answer.status == 303, let setCookie = answer.headers["set-cookie"] else {
            throw HTTPTestError("pairing answered \(answer.status)")
        }
        return String(setCookie.split(separator: ";")[0])
    }

    /// The headers a same-origin page request carries.
    func page(_ cookie: String) -> [String: String] { ["Cookie": cookie, "Origin": Self.origin] }

    /// The headers of a script using the bearer token.
    var bearer: [String: String] { ["Authorization": "Bearer \(token)"] }

    /// Polls a job until it is done.
    func waitForJob(_ id: String, cookie: String, seconds: Double = 60) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let answer = try await send(.GET, "/api/jobs/\(id)", headers: ["Cookie": cookie])
            if let job = try answer.json() as? [String: Any], job["state"] as? String == "done" { return job }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HTTPTestError("job \(id) did not finish in \(seconds) s")
    }

    /// Sends a fixture album's cover as a phone would and waits for its job; returns the job's snapshot.
    func scan(cookie: String) async throws -> [String: Any] {
        let (_, photo) = try LiveServe.cover()
        let posted = try await send(.POST, "/api/scans?name=IMG_0001.jpg", headers: page(cookie), body: photo)
        guard let job = (try posted.json() as? [String: Any])?["job"] as? String else {
            throw HTTPTestError("posting a photo answered \(posted.status): \(posted.text)")
        }
        return try await waitForJob(job, cookie: cookie)
    }

    /// `RawHTTP.send`'s shape over the in-process server: a method's name, and the server's own Host unless given.
    struct HTTP {
        let serve: InProcessServe

        func send(
            _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, host: String? = nil
        ) async throws -> Reply {
            try await serve.send(
                HTTPMethod(method), path, headers: headers, body: body ?? Data(), host: host ?? InProcessServe.host)
        }
    }

    /// An answer: status, headers (lowercased names), body.
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        init(response: FlyingFox.HTTPResponse, body: Data) {
            status = response.statusCode.code
            headers = Dictionary(response.headers.map { ($0.key.rawValue.lowercased(), $0.value) }) { first, _ in first }
            self.body = body
        }

        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }
        /// The `error.code` of a JSON error answer.
        var errorCode: String? {
            ((try? json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
        }
    }
}

/// The `error.code` of a JSON error answer.
func errorCode(_ answer: InProcessServe.Reply) throws -> String? {
    ((try answer.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
}
