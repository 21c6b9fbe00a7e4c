import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// `serve -v` logs one line per request: method, path, status, and who (a client, the bearer, or unpaired); the
/// pairing token never appears.
@Suite struct ServeRequestLogTests {
    @Test("one line per request names the client or unpaired, and never the token")
    func requestLines() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let client = try #require(cookie.split(separator: "=").last.map { String($0.split(separator: ".")[0]) })
            _ = try await serve.http.send("GET", "/api/jobs", headers: ["Cookie": cookie])
            _ = try await serve.http.send("GET", "/api/jobs", headers: ["Authorization": "bearer \(serve.token)"])
            _ = try await serve.http.send("GET", "/api/session")
            _ = try await serve.http.send("GET", "/pair?token=wrong\(serve.token)")
            let lines = serve.test.lines.withLock { $0 }.filter { $0.hasPrefix("log: serve: ") }
            #expect(lines.contains("log: serve: GET /pair 303 pairing"), "\(lines)")
            #expect(lines.contains("log: serve: GET /api/jobs 200 client \(client)"), "\(lines)")
            #expect(lines.contains("log: serve: GET /api/jobs 200 bearer"), "\(lines)")
            #expect(lines.contains("log: serve: GET /api/session 401 unpaired"), "\(lines)")
            #expect(lines.contains("log: serve: GET /pair 401 unpaired"), "\(lines)")
            #expect(!serve.test.lines.withLock { $0 }.contains { $0.contains(serve.token) }, "the token is never logged")
        }
    }
}
