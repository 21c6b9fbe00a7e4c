import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// `POST /api/scans`' refusals: size (before the body), content, grades, a full queue.
@Suite struct ServeUploadTests {
    @Test("a declared length over the cap is refused with 413 before any of the body is sent")
    func tooLargeBeforeBody() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            // 100 MB declared, not a byte sent: an answer can only come from the headers (a server waiting for the
            // body would leave the client to its time-out, with no status at all). No wall-clock bound: the suite runs
            // beside hundreds of other tests.
            let answer = try await serve.http.send(
                "POST", "/api/scans", headers: serve.page(cookie), declaredLength: 100_000_000, timeout: 30)
            #expect(answer.status == 413)
            #expect(try errorCode(answer) == "too-large")
        }
    }

    @Test("a chunked body with no length is cut off at the cap with 413")
    func chunkedOverCap() async throws {
        try await LiveServe.run(maxBytes: 100_000) { serve in
            let cookie = try await serve.pair()
            var body = Data()
            let chunk = Data(repeating: 0xFF, count: 50_000)
            for _ in 0..<4 { body.append(Data((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Data("\r\n".utf8)) }
            body.append(Data("0\r\n\r\n".utf8))
            var headers = serve.page(cookie)
            headers["Transfer-Encoding"] = "chunked"
            let answer = try await serve.http.send("POST", "/api/scans", headers: headers, body: body, declaredLength: -1)
            #expect(answer.status == 413)
        }
    }

    @Test("a body that is not an image is 415; a bad grade 422; neither makes a job")
    func notAnImageAndBadGrade() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let text = try await serve.http.send("POST", "/api/scans", headers: serve.page(cookie), body: Data("hello".utf8))
            #expect(text.status == 415)
            #expect(try errorCode(text) == "not-an-image")
            let (_, photo) = try LiveServe.cover()
            let grade = try await serve.http.send(
                "POST", "/api/scans?mediaCondition=Shiny", headers: serve.page(cookie), body: photo)
            #expect(grade.status == 422)
            #expect(try errorCode(grade) == "bad-field")
            #expect(grade.text.contains("mediaCondition"))
            let jobs = try await serve.http.send("GET", "/api/jobs", headers: ["Cookie": cookie])
            #expect(jobs.text == "[]")
        }
    }

    @Test("past one client's queue bound the answer is 429 with Retry-After; another client still has room")
    func queueBound() async throws {
        try await InProcessServe.run(queueBound: 1, jobs: 1) { serve in
            serve.services.setLatency(openAI: .seconds(120))
            let (first, second) = (try await serve.pair(), try await serve.pair())
            let (_, photo) = try LiveServe.cover("01")
            let (_, other) = try LiveServe.cover("03")
            let accepted = try await serve.http.send("POST", "/api/scans", headers: serve.page(first), body: photo)
            #expect(accepted.status == 202)
            let refused = try await serve.http.send("POST", "/api/scans", headers: serve.page(first), body: other)
            #expect(refused.status == 429)
            #expect(try errorCode(refused) == "too-many")
            #expect(refused.headers["retry-after"] == "5")
            let elsewhere = try await serve.http.send("POST", "/api/scans", headers: serve.page(second), body: other)
            #expect(elsewhere.status == 202)
        }
    }
}
