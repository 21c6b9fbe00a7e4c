import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation

/// A live `albumscan serve` server on 127.0.0.1 (a port the system picks), scanning in-process against the fakes.
struct LiveServe: Sendable {
    let services: FakeServices
    let test: TestEnvironment
    let server: ServeServer
    let token: String
    let http: RawHTTP

    static func start(
        queueBound: Int = 32, jobs: Int = 2, maxBytes: Int = 25 * 1024 * 1024, defaults: ShopFields = .none,
        timeouts: ConnectionTimeouts = ConnectionTimeouts(), configure: (inout Settings) -> Void = { _ in },
        modelDelay: (@Sendable (ChatCall) -> Duration)? = nil
    ) async throws -> LiveServe {
        let services = try FixtureWorld.start(modelDelay: modelDelay)
        let test = try TestEnvironment(services: services, configure: configure)
        let token = try PairingToken.load(home: test.environment.home, renew: false)
        var configuration = ServeConfiguration(token: token)
        (configuration.port, configuration.bind, configuration.jobs) = (0, "127.0.0.1", jobs)
        (configuration.queueBound, configuration.maxBytes, configuration.defaults) = (queueBound, maxBytes, defaults)
        configuration.timeouts = timeouts
        let server = try ServeServer(configuration: configuration, environment: test.environment)
        let started = try await server.start { _ in }
        return LiveServe(services: services, test: test, server: server, token: token, http: RawHTTP(port: started.port))
    }

    func stop() async {
        _ = await server.stop()
        services.stop()
        test.remove()
    }

    /// Pairs as a new client and returns its `Cookie` header value.
    func pair() async throws -> String {
        let answer = try await http.send("GET", "/pair?token=\(token)")
        guard answer.status == 303, let setCookie = answer.headers["set-cookie"] else {
            throw HTTPTestError("pairing answered \(answer.status)")
        }
        return String(setCookie.split(separator: ";")[0])
    }

    /// The headers a same-origin page request carries.
    func page(_ cookie: String) -> [String: String] {
        ["Cookie": cookie, "Origin": "http://127.0.0.1:\(http.port)"]
    }

    /// A fixture album's cover photo, as a phone would send it.
    static func cover(_ prefix: String = "01") throws -> (FixtureAlbum, Data) {
        guard let album = FixtureCatalog.albums.first(where: { $0.slug.hasPrefix(prefix) }) else {
            throw HTTPTestError("no fixture album \(prefix)")
        }
        return (album, try album.cover(width: 900, height: 900))
    }

    /// Polls a job until it is done.
    func waitForJob(_ id: String, cookie: String, seconds: Double = 60) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let answer = try await http.send("GET", "/api/jobs/\(id)", headers: ["Cookie": cookie])
            if let job = try answer.json() as? [String: Any], job["state"] as? String == "done" { return job }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HTTPTestError("job \(id) did not finish in \(seconds) s")
    }
}

extension LiveServe {
    /// Runs `body` on a started server and stops it after, whatever `body` did.
    static func run(
        queueBound: Int = 32, jobs: Int = 2, maxBytes: Int = 25 * 1024 * 1024, defaults: ShopFields = .none,
        timeouts: ConnectionTimeouts = ConnectionTimeouts(), configure: (inout Settings) -> Void = { _ in },
        modelDelay: (@Sendable (ChatCall) -> Duration)? = nil,
        _ body: (LiveServe) async throws -> Void
    ) async throws {
        let serve = try await start(
            queueBound: queueBound, jobs: jobs, maxBytes: maxBytes, defaults: defaults, timeouts: timeouts,
            configure: configure, modelDelay: modelDelay)
        do {
            try await body(serve)
        } catch {
            await serve.stop()
            throw error
        }
        await serve.stop()
    }
}
