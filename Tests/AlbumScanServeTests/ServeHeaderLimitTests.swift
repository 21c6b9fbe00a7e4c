import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// The limits a request meets before auth, on a live server: 431 for a head over 16 KB or 100 fields, a head that
/// stops arriving closed after the head time, an idle connection after the idle time, and a paired client still
/// answered while others flood the server. No wall-clock bounds: the suite runs beside hundreds of other tests.
@Suite struct ServeHeaderLimitTests {
    /// Short times, so a test waits for them in a second or two.
    static var shortTimeouts: ConnectionTimeouts {
        var timeouts = ConnectionTimeouts()
        (timeouts.idle, timeouts.head) = (.seconds(2), .milliseconds(500))
        return timeouts
    }

    /// `GET path` with `fields` after Host, ending its head after exactly `bytes` bytes (padded in `X-Pad`).
    static func head(port: UInt16, path: String = "/api/jobs", fields: [String] = [], bytes: Int) -> Data {
        let start = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + fields).map { $0 + "\r\n" }.joined()
        let bare = start + "X-Pad: \r\n\r\n"
        return Data((start + "X-Pad: " + String(repeating: "p", count: bytes - bare.utf8.count) + "\r\n\r\n").utf8)
    }

    @Test("an unauthenticated request with a 17 KB header is 431 headers-too-large, a JSON error, and closed")
    func longHeader() async throws {
        try await LiveServe.run { serve in
            let answer = try await serve.http.send(
                "GET", "/api/jobs", headers: ["X-Pad": String(repeating: "a", count: 17 * 1_024)])
            #expect(answer.status == 431)
            #expect(try errorCode(answer) == "headers-too-large")
            #expect(answer.headers["connection"] == "close")
            #expect(answer.headers["content-type"] == "application/json")
            #expect(answer.headers["x-content-type-options"] == "nosniff")
            let message = ((try answer.json() as? [String: Any])?["error"] as? [String: Any])?["message"] as? String
            #expect(message?.contains("16 KB") == true)
        }
    }

    @Test("101 header fields are 431; the server answers the next request as before")
    func tooManyFields() async throws {
        try await LiveServe.run { serve in
            // RawHTTP sends Host and Connection itself: 99 more make 101.
            let fields = Dictionary(uniqueKeysWithValues: (1...99).map { ("X-Field-\($0)", "v") })
            let answer = try await serve.http.send("GET", "/api/jobs", headers: fields)
            #expect(answer.status == 431)
            #expect(try errorCode(answer) == "headers-too-large")
            let bearer = try await serve.http.send("GET", "/api/jobs", headers: ["Authorization": "Bearer \(serve.token)"])
            #expect(bearer.status == 200)
        }
    }

    @Test("exactly 16 KB and exactly 100 fields go on to auth (401, or 200 paired); one byte more is 431")
    func atTheLimits() async throws {
        try await LiveServe.run { serve in
            let port = serve.http.port
            let atLimit = Self.head(port: port, bytes: RequestHead.maxBytes)
            #expect(atLimit.count == 16_384)
            #expect(try await serve.http.send(raw: atLimit).status == 401)
            #expect(try await serve.http.send(raw: Self.head(port: port, bytes: RequestHead.maxBytes + 1)).status == 431)
            let paired = Self.head(port: port, fields: ["Authorization: Bearer \(serve.token)"], bytes: RequestHead.maxBytes)
            #expect(try await serve.http.send(raw: paired).status == 200)
            // Host, Connection and 98 more: 100 fields.
            let fields = Dictionary(uniqueKeysWithValues: (1...98).map { ("X-Field-\($0)", "v") })
            let hundred = try await serve.http.send("GET", "/api/jobs", headers: fields)
            #expect(hundred.status == 401)
            #expect(try errorCode(hundred) == "unauthorized")
        }
    }

    @Test("a head that stops arriving is closed after the head time, even while a byte trickles in now and then")
    func headTimeout() async throws {
        try await LiveServe.run(timeouts: Self.shortTimeouts) { serve in
            let stalled = try await RawConnection.open(port: serve.http.port, timeout: 30)
            defer { stalled.close() }
            try await stalled.send(Data("GET /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            #expect(try await stalled.waitForClose(), "closed with no answer, not left open")

            let trickling = try await RawConnection.open(port: serve.http.port, timeout: 30)
            defer { trickling.close() }
            try await trickling.send(Data("GET /api/jobs HTTP/1.1\r\nX-Slow: ".utf8))
            let waiting = Task { try await trickling.waitForClose() }
            // Far past the head time; each send after the close is dropped quietly.
            for _ in 0..<20 {
                try await trickling.send(Data("a".utf8))
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try await waiting.value)
        }
    }

    @Test("a connection that sends nothing, or nothing more after an answer, is closed after the idle time")
    func idleTimeout() async throws {
        try await LiveServe.run(timeouts: Self.shortTimeouts) { serve in
            let silent = try await RawConnection.open(port: serve.http.port, timeout: 30)
            defer { silent.close() }
            #expect(try await silent.waitForClose())

            let kept = try await RawConnection.open(port: serve.http.port, timeout: 30)
            defer { kept.close() }
            let request =
                "GET /api/jobs HTTP/1.1\r\nHost: 127.0.0.1:\(serve.http.port)\r\nAuthorization: Bearer \(serve.token)\r\n\r\n"
            try await kept.send(Data(request.utf8))
            let answer = try await kept.answer()
            #expect(answer.status == 200)
            #expect(answer.headers["connection"] == nil, "HTTP/1.1 keeps the connection")
            #expect(try await kept.waitForClose())
        }
    }

    @Test("one connection carries several requests; one whose body no route read is answered and closed")
    func keepAlive() async throws {
        try await LiveServe.run { serve in
            let connection = try await RawConnection.open(port: serve.http.port, timeout: 30)
            defer { connection.close() }
            let host = "Host: 127.0.0.1:\(serve.http.port)\r\n"
            let bearer = "Authorization: Bearer \(serve.token)\r\n"
            for path in ["/api/jobs", "/api/session", "/api/jobs"] {
                try await connection.send(Data("GET \(path) HTTP/1.1\r\n\(host)\(bearer)\r\n".utf8))
                #expect(try await connection.answer().status == 200, "\(path)")
            }
            // Unauthenticated, with a body: 401 before the body is read, so the connection cannot carry another.
            try await connection.send(Data("POST /api/scans HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\n".utf8))
            let refused = try await connection.answer()
            #expect(refused.status == 401)
            #expect(refused.headers["connection"] == "close")
            #expect(try await connection.waitForClose())
        }
    }

    @Test("a chunked upload under the cap is read whole and queued")
    func chunkedUpload() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (_, photo) = try LiveServe.cover()
            var body = Data()
            var offset = 0
            while offset < photo.count {
                let chunk = photo[offset..<min(offset + 10_000, photo.count)]
                body.append(Data((String(chunk.count, radix: 16) + ";ext=1\r\n").utf8) + chunk + Data("\r\n".utf8))
                offset += chunk.count
            }
            body.append(Data("0\r\nX-Trailer: t\r\n\r\n".utf8))
            var headers = serve.page(cookie)
            headers["Transfer-Encoding"] = "chunked"
            let answer = try await serve.http.send("POST", "/api/scans", headers: headers, body: body, declaredLength: -1)
            #expect(answer.status == 202, "\(answer.text)")
            let bad = try await serve.http.send(
                "POST", "/api/scans", headers: headers, body: Data("zz\r\nab\r\n0\r\n\r\n".utf8), declaredLength: -1)
            #expect(bad.status == 400)
        }
    }

    @Test("a head that frames its body two ways, or is not HTTP, is 400 and closed")
    func badFraming() async throws {
        try await LiveServe.run { serve in
            let both = "POST /api/scans HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
            let framed = try await serve.http.send(raw: Data(both.utf8))
            #expect(framed.status == 400)
            #expect(framed.headers["connection"] == "close")
            let folded = try await serve.http.send(raw: Data("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n".utf8))
            #expect(folded.status == 400)
            #expect(try errorCode(folded) == "bad-request")
        }
    }

    @Test("a paired client is answered while others flood the server with 40 KB heads and stalled ones")
    func pairedDuringFlood() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let port = serve.http.port
            let huge = Self.head(port: port, bytes: 40 * 1_024)
            // Stalled heads, held open for the whole test (the head time is the default 10 s).
            var stalled: [RawConnection] = []
            for _ in 0..<6 {
                let connection = try await RawConnection.open(port: port, timeout: 60)
                try await connection.send(huge.prefix(8_000))
                stalled.append(connection)
            }
            defer { stalled.forEach { $0.close() } }
            let flood = Task {
                try await withThrowingTaskGroup(of: [Int].self) { group in
                    for _ in 0..<6 {
                        group.addTask {
                            var statuses: [Int] = []
                            for _ in 0..<10 { statuses.append(try await serve.http.send(raw: huge, timeout: 60).status) }
                            return statuses
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0 += $1 }
                }
            }
            for path in ["/api/jobs", "/api/session", "/", "/js/main.js", "/api/jobs"] {
                let answer = try await serve.http.send("GET", path, headers: ["Cookie": cookie], timeout: 60)
                #expect(answer.status == 200, "\(path)")
            }
            let statuses = try await flood.value
            #expect(statuses.count == 60)
            #expect(statuses.allSatisfy { $0 == 431 }, "\(Set(statuses))")
        }
    }
}
