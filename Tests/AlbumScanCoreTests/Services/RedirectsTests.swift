import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct RedirectsTests {
    static let base = URL(string: "https://coverartarchive.org/release/abc")!

    @Test(arguments: [
        ("https://archive.org/download/x/index.json", "https://archive.org/download/x/index.json"),
        ("http://archive.org/download/x/index.json", "https://archive.org/download/x/index.json"),
        ("http://127.0.0.1:8080/download/x", "http://127.0.0.1:8080/download/x"),
        ("http://localhost/x", "http://localhost/x"),
        ("/release/abc/front", "https://coverartarchive.org/release/abc/front"),
    ])
    func resolvesAndSecuresTargets(location: String, expected: String) throws {
        #expect(try Redirects.target(of: location, from: Self.base).absoluteString == expected)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x", "javascript:alert(1)", "data:text/plain,hi", "gopher://x"])
    func refusesNonHTTPSchemes(location: String) {
        #expect(throws: HTTPTransportError.self) { try Redirects.target(of: location, from: Self.base) }
    }

    @Test func followsAChainAndStopsAtTheHopLimit() async throws {
        let loop = ScriptedTransport { request in
            HTTPResponse(status: 307, headers: ["Location": request.url.absoluteString + "x"])
        }
        await #expect(throws: HTTPTransportError.tooManyRedirects) {
            try await Redirects.follow(HTTPRequest(url: URL(string: "http://127.0.0.1/a")!), via: loop)
        }
        #expect(loop.count == Redirects.hopLimit + 1)

        let chain = ScriptedTransport { request in
            request.url.path == "/final"
                ? HTTPResponse(status: 200, body: Data("ok".utf8)) : HTTPResponse(status: 307, headers: ["Location": "/final"])
        }
        let response = try await Redirects.follow(HTTPRequest(url: URL(string: "http://127.0.0.1/start")!), via: chain)
        #expect(response.body == Data("ok".utf8))
    }
}

/// A transport answering from a closure, counting requests.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let answer: @Sendable (HTTPRequest) -> HTTPResponse
    private let lock = NSLock()
    private var sent = 0

    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent += 1 }
        return answer(request)
    }
}
