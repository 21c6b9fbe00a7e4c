import AlbumScanTestSupport
import Foundation
import Testing

extension TestSupportTests {
    @Suite struct LoopbackServerTests {
        private func echoServer() throws -> LoopbackServer {
            try LoopbackServer { request in
                .text("\(request.method) \(request.path) \(request.bodyText)")
            }
        }

        @Test func servesTwoRequestsOnOneKeepAliveConnection() throws {
            let server = try echoServer()
            defer { server.stop() }
            let client = try RawHTTPClient(port: server.port)
            let first = try client.request("GET", "/one")
            let second = try client.request("POST", "/two", body: Data("hi".utf8))
            #expect(first.status == 200 && first.text == "GET /one ")
            #expect(second.text == "POST /two hi")
            #expect(first.header("Connection") == "keep-alive")
            #expect(server.connectionCount == 1)
            #expect(server.requests.map(\.connectionID) == [1, 1])
            #expect(server.requests.map(\.sequenceOnConnection) == [1, 2])
        }

        @Test func answersPipelinedRequestsInOrder() throws {
            let server = try echoServer()
            defer { server.stop() }
            let client = try RawHTTPClient(port: server.port)
            try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "GET /a ")
            #expect(try client.readResponse().text == "GET /b ")
        }

        @Test func closesAfterConnectionClose() throws {
            let server = try echoServer()
            defer { server.stop() }
            let client = try RawHTTPClient(port: server.port)
            let response = try client.request("GET", "/bye", headers: ["Connection": "close"])
            #expect(response.header("Connection") == "close")
            #expect(try client.readsEndOfStream())
        }

        @Test func parsesQueryHeadersAndChunkedBodies() throws {
            let server = try echoServer()
            defer { server.stop() }
            let client = try RawHTTPClient(port: server.port)
            try client.send(
                "POST /p%20q?query=a%20b+c&limit=5 HTTP/1.1\r\nX-Thing: 1\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(try client.readResponse().text == "POST /p q abcde")
            let request = try #require(server.requests.first)
            #expect(request.query("query") == "a b c" && request.query("limit") == "5")
            #expect(request.header("x-THING") == "1")
            #expect(request.target == "/p%20q?query=a%20b+c&limit=5")
        }

        @Test func answersExpectContinueBeforeTheBody() throws {
            let server = try echoServer()
            defer { server.stop() }
            let client = try RawHTTPClient(port: server.port)
            try client.send("POST /up HTTP/1.1\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readHead().hasPrefix("HTTP/1.1 100 Continue"))
            try client.send("data")
            #expect(try client.readResponse().text == "POST /up data")
        }

        @Test func delaysTricklesAndDropsOnRequest() throws {
            let server = try LoopbackServer { request in
                switch request.path {
                case "/slow": return FakeResponse.text("late").delayed(by: .milliseconds(300))
                case "/trickle": return FakeResponse.text(String(repeating: "x", count: 150)).trickled(bytesPerSecond: 600)
                default: return .closeWithoutResponse
                }
            }
            defer { server.stop() }
            var start = Date()
            #expect(try RawHTTP.fetch(server.baseURL + "/slow").text == "late")
            #expect(Date().timeIntervalSince(start) >= 0.29)
            start = Date()
            #expect(try RawHTTP.fetch(server.baseURL + "/trickle").body.count == 150)
            #expect(Date().timeIntervalSince(start) >= 0.2)
            let client = try RawHTTPClient(port: server.port)
            try client.send("GET /drop HTTP/1.1\r\n\r\n")
            #expect(try client.readsEndOfStream())
        }

        @Test func stopUnblocksAStalledRequestPromptly() throws {
            let server = try LoopbackServer { _ in .stall }
            let client = try RawHTTPClient(port: server.port, timeout: 10)
            try client.send("GET /hang HTTP/1.1\r\n\r\n")
            #expect(TestSupportTests.eventually { server.requests.count == 1 })
            let start = Date()
            server.stop()
            server.stop()
            #expect(try client.readsEndOfStream())
            #expect(Date().timeIntervalSince(start) < 1)
            #expect(server.isStopped)
            #expect(throws: RawHTTPError.self) { try RawHTTPClient(port: server.port, timeout: 1).request("GET", "/") }
        }

        @Test func stopsWhenReleased() throws {
            var server: LoopbackServer? = try LoopbackServer { _ in .text("ok") }
            let port = try #require(server?.port)
            #expect(try RawHTTPClient(port: port).request("GET", "/").status == 200)
            server = nil
            #expect(throws: RawHTTPError.self) { try RawHTTPClient(port: port, timeout: 1).request("GET", "/") }
        }
    }
}
