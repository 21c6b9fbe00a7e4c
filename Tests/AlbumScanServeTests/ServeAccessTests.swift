import AlbumScanServe
import FlyingFox
import Foundation
import Testing

/// Who gets an answer, in-process: the Host allow-list (before anything else), the Origin check of writes and the
/// event stream, the session cookie and the bearer token. The server answers to 127.0.0.1, localhost, ::1,
/// 192.168.1.20 and the machine `studio` (`studio.local`), on port 8750.
@Suite struct ServeAccessTests {
    static let hosts: [(String?, Bool)] = [
        ("127.0.0.1:8750", true), ("127.0.0.1", true), ("localhost:8750", true), ("LOCALHOST:9999", true),
        ("[::1]:8750", true), ("[::1]", true), ("192.168.1.20:8750", true), ("studio:8750", true),
        ("studio.local", true), ("Studio.Local:8750", true),
        (nil, false), ("", false), (":8750", false), ("evil.example", false), ("evil.example:8750", false),
        ("192.168.1.21:8750", false), ("localhost.evil.example", false), ("127.0.0.1.nip.io:8750", false),
        ("studio.evil.example", false), ("printer.local", false), ("[::1", false), ("[::2]:8750", false),
    ]

    @Test("the Host must name this server (any port), before auth: else 403 bad-host, and pairing sets no cookie")
    func hostAllowList() async throws {
        try await InProcessServe.run { serve in
            for (host, allowed) in Self.hosts {
                let row = "Host: \(host ?? "(none)")"
                let paired = try await serve.send(.GET, "/api/session", headers: serve.bearer, host: host)
                #expect(paired.status == (allowed ? 200 : 403), "\(row)")
                let unpaired = try await serve.send(.GET, "/api/session", host: host)
                #expect(unpaired.errorCode == (allowed ? "unauthorized" : "bad-host"), "\(row)")
                let pairing = try await serve.send(.GET, "/pair?token=\(serve.token)", host: host)
                #expect(pairing.status == (allowed ? 303 : 403), "\(row)")
                #expect((pairing.headers["set-cookie"] != nil) == allowed, "\(row)")
            }
        }
    }

    static let origins: [(String?, Bool)] = [
        ("http://127.0.0.1:8750", true), ("http://localhost:8750", true), ("http://[::1]:8750", true),
        ("http://192.168.1.20:8750", true), ("http://studio.local:8750", true), ("HTTP://STUDIO:8750", true),
        ("http://evil.example", false), ("http://evil.example:8750", false), ("https://127.0.0.1:8750", false),
        ("http://127.0.0.1:8751", false), ("http://127.0.0.1", false), ("http://192.168.1.21:8750", false),
        ("null", false), ("", false), ("http://127.0.0.1:8750.evil.example", false),
        // A browser's own write always says where it comes from: a cookie write without Origin is refused.
        (nil, false),
    ]

    @Test("a cookie write or event stream whose Origin is not this server is 403 bad-origin; a cookie write needs one")
    func originTable() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            for (origin, allowed) in Self.origins {
                let row = "Origin: \(origin ?? "(none)")"
                var headers = ["Cookie": cookie]
                headers["Origin"] = origin
                // An unknown scan: 404 once past the check, so nothing changes either way.
                let delete = try await serve.send(.DELETE, "/api/scans/999", headers: headers)
                #expect(delete.errorCode == (allowed ? "unknown-scan" : "bad-origin"), "DELETE, \(row)")
                let edit = try await serve.send(.PATCH, "/api/scans/999", headers: headers, body: Data(#"{"sku":"A"}"#.utf8))
                #expect(edit.errorCode == (allowed ? "unknown-scan" : "bad-origin"), "PATCH, \(row)")
                let upload = try await serve.send(.POST, "/api/scans", headers: headers, body: Data("hello".utf8))
                #expect(upload.errorCode == (allowed ? "not-an-image" : "bad-origin"), "POST, \(row)")
                // A wrong method or path is told only past the check, as any answer is.
                let wrong = try await serve.send(.PUT, "/api/scans/999", headers: headers)
                #expect(wrong.status == (allowed ? 405 : 403), "PUT, \(row)")
                // The event stream: a page without Origin is a same-origin GET, and streams.
                let events = await serve.open(.GET, "/api/events", headers: headers)
                #expect(events.statusCode.code == (allowed || origin == nil ? 200 : 403), "events, \(row)")
                // Other reads are not checked.
                let jobs = try await serve.send(.GET, "/api/jobs", headers: headers)
                #expect(jobs.status == 200, "GET, \(row)")
            }
        }
    }

    @Test("a bearer script sends no Origin and may write; with another site's Origin it is refused too")
    func bearerOrigin() async throws {
        try await InProcessServe.run { serve in
            let script = try await serve.send(.DELETE, "/api/scans/999", headers: serve.bearer)
            #expect(script.errorCode == "unknown-scan")
            #expect(script.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
            var foreign = serve.bearer
            foreign["Origin"] = "http://evil.example"
            let refused = try await serve.send(.DELETE, "/api/scans/999", headers: foreign)
            #expect(refused.status == 403 && refused.errorCode == "bad-origin")
        }
    }

    @Test("a paired cookie is a client of its own; a forged one, or one granted under an old token, is 401")
    func cookieTable() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let id = try #require(cookie.split(separator: "=").last?.split(separator: ".").first.map(String.init))
            let value = String(cookie.dropFirst("albumscan_session=".count))
            let rows: [(String, Bool)] = [
                (cookie, true),
                ("theme=dark; \(cookie); lang=en", true),
                ("albumscan_session=abc.def", false),
                ("albumscan_session=\(id).\(String(repeating: "A", count: 43))", false),
                ("albumscan_session=\(id)", false),
                ("albumscan_session=x\(value)", false),
                ("other_session=\(value)", false),
                ("", false),
            ]
            for (header, valid) in rows {
                let answer = try await serve.send(.GET, "/api/session", headers: ["Cookie": header])
                #expect(answer.status == (valid ? 200 : 401), "Cookie: \(header)")
                if valid { #expect((try answer.json() as? [String: Any])?["client"] as? String == id, "Cookie: \(header)") }
                if !valid { #expect(answer.errorCode == "unauthorized", "Cookie: \(header)") }
            }
            let second = try await serve.pair()
            #expect(second != cookie, "each pairing is a client of its own")

            let restarted = try await serve.restarted(newToken: false)
            let kept = try await restarted.send(.GET, "/api/session", headers: ["Cookie": cookie])
            #expect(kept.status == 200, "a cookie survives a restart")
            let renewed = try await restarted.restarted(newToken: true)
            #expect(renewed.token != serve.token)
            let old = try await renewed.send(.GET, "/api/session", headers: ["Cookie": cookie])
            #expect(old.status == 401 && old.errorCode == "unauthorized", "--new-token voids every cookie")
            let oldLink = try await renewed.send(.GET, "/pair?token=\(serve.token)")
            #expect(oldLink.status == 401 && oldLink.errorCode == "bad-token" && oldLink.headers["set-cookie"] == nil)
            _ = await renewed.server.stop()
        }
    }

    @Test("the bearer scheme is case-insensitive; a wrong or partial token is 401, even beside a valid cookie")
    func bearerTable() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let token = serve.token
            let rows: [([String: String], Int)] = [
                (["Authorization": "Bearer \(token)"], 200),
                (["Authorization": "bearer \(token)"], 200),
                (["Authorization": "BEARER \(token)"], 200),
                (["Authorization": "bEaReR \(token)"], 200),
                (["Authorization": "Bearer \(token.dropLast())"], 401),
                (["Authorization": "Bearer \(token)x"], 401),
                (["Authorization": "Bearer nope"], 401),
                (["Authorization": "Bearer "], 401),
                (["Authorization": "Bearer"], 401),
                (["Authorization": "Basic \(token)"], 401),
                (["Authorization": token], 401),
                // The bearer header is the client's word: a wrong token is not saved by a cookie beside it.
                (["Authorization": "Bearer nope", "Cookie": cookie], 401),
                // A scheme the server does not take leaves the cookie to speak.
                (["Authorization": "Basic abc", "Cookie": cookie], 200),
            ]
            for (headers, status) in rows {
                let answer = try await serve.send(.GET, "/api/session", headers: headers)
                #expect(answer.status == status, "\(headers)")
                if status == 200 && headers["Cookie"] == nil {
                    #expect((try answer.json() as? [String: Any])?["client"] as? String == "bearer", "\(headers)")
                }
            }
            let jobs = try await serve.send(.GET, "/api/jobs", headers: serve.bearer)
            #expect(jobs.status == 200 && jobs.text == "[]")
        }
    }

    @Test("without a cookie or token every path is 401: JSON for the API, a page for anything else")
    func everyPathNeedsAuth() async throws {
        try await InProcessServe.run { serve in
            let api = ["/api/jobs", "/api/scans", "/api/scans/1", "/api/events", "/api/export?format=csv", "/api/nowhere"]
            for path in api {
                let answer = try await serve.send(.GET, path)
                #expect(answer.status == 401 && answer.errorCode == "unauthorized", "\(path)")
                #expect(answer.headers["content-type"] == "application/json", "\(path)")
            }
            for path in ["/", "/app.css", "/js/main.js", "/crate", "/nowhere"] {
                let answer = try await serve.send(.GET, path)
                #expect(answer.status == 401, "\(path)")
                #expect(answer.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
            }
            // A write with no auth is 401 too, before its Origin or its method is looked at.
            let write = try await serve.send(.POST, "/api/scans/1", headers: ["Origin": "http://evil.example"])
            #expect(write.status == 401)
        }
    }

    @Test("every answer carries the CSP, nosniff and no-framing headers, and no CORS header")
    func securityHeaders() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            for path in ["/", "/js/main.js", "/api/jobs", "/api/session", "/nowhere"] {
                let answer = try await serve.send(.GET, path, headers: ["Cookie": cookie])
                let policy = try #require(answer.headers["content-security-policy"], "\(path)")
                #expect(policy.contains("script-src 'self'"), "\(path)")
                #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
                #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path)")
                #expect(answer.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") }, "\(path)")
            }
            for path in ["/", "/api/jobs"] {
                let unpaired = try await serve.send(.GET, path)
                #expect(unpaired.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
                #expect(unpaired.headers["x-content-type-options"] == "nosniff")
            }
            let session = try await serve.send(.GET, "/api/session", headers: ["Cookie": cookie])
            #expect(!session.text.contains(serve.test.environment.settings.openAIKey ?? "no key"), "no API key in a response")
        }
    }
}
