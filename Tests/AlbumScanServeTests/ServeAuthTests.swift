import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// Pairing, cookies, the bearer token, and the Host and Origin checks, against a live server on 127.0.0.1.
@Suite struct ServeAuthTests {
    @Test("the pairing link sets an HttpOnly SameSite=Strict cookie and redirects to /; a wrong token gets 401 and no cookie")
    func pairing() async throws {
        try await LiveServe.run { serve in
            let paired = try await serve.http.send("GET", "/pair?token=\(serve.token)")
            #expect(paired.status == 303)
            #expect(paired.headers["location"] == "/")
            let cookie = try #require(paired.headers["set-cookie"])
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(!cookie.contains(serve.token), "the cookie is not the token")
            let wrong = try await serve.http.send("GET", "/pair?token=\(serve.token.dropLast())x")
            #expect(wrong.status == 401)
            #expect(wrong.headers["set-cookie"] == nil)
            #expect(try errorCode(wrong) == "bad-token")
            let page = try await serve.http.send("GET", "/", headers: ["Cookie": String(cookie.split(separator: ";")[0])])
            #expect(page.status == 200)
            #expect(page.text.contains(#"capture="environment""#))
            #expect(page.text.contains(#"<script type="module" src="/js/main.js">"#))
        }
    }

    @Test("without a cookie or token every path is 401; the bearer token works; a forged cookie does not")
    func unauthorized() async throws {
        try await LiveServe.run { serve in
            for path in ["/", "/js/main.js", "/api/jobs", "/api/scans", "/api/events", "/crate", "/api/export?format=csv"] {
                let answer = try await serve.http.send("GET", path)
                #expect(answer.status == 401, "\(path)")
            }
            let forged = try await serve.http.send("GET", "/api/jobs", headers: ["Cookie": "albumscan_session=abc.def"])
            #expect(forged.status == 401)
            let bearer = try await serve.http.send("GET", "/api/jobs", headers: ["Authorization": "Bearer \(serve.token)"])
            #expect(bearer.status == 200)
            #expect(bearer.text == "[]")
            let badBearer = try await serve.http.send("GET", "/api/jobs", headers: ["Authorization": "Bearer nope"])
            #expect(badBearer.status == 401)
        }
    }

    @Test("a Host that is not this server is refused before auth; localhost is accepted")
    func hostCheck() async throws {
        try await LiveServe.run { serve in
            let rebound = try await serve.http.send("GET", "/pair?token=\(serve.token)", host: "evil.example:8750")
            #expect(rebound.status == 403)
            #expect(try errorCode(rebound) == "bad-host")
            #expect(rebound.headers["set-cookie"] == nil)
            let unauthenticated = try await serve.http.send("GET", "/api/jobs", host: "attacker.test")
            #expect(try errorCode(unauthenticated) == "bad-host")
            let local = try await serve.http.send(
                "GET", "/api/jobs", headers: ["Authorization": "Bearer \(serve.token)"], host: "localhost:\(serve.http.port)")
            #expect(local.status == 200)
        }
    }

    @Test("writes and the event stream from another origin are refused, and so is a cookie write with no Origin")
    func originCheck() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (_, photo) = try LiveServe.cover()
            let foreign = try await serve.http.send(
                "POST", "/api/scans", headers: ["Cookie": cookie, "Origin": "http://evil.example"], body: photo)
            #expect(foreign.status == 403)
            #expect(try errorCode(foreign) == "bad-origin")
            let bare = try await serve.http.send("DELETE", "/api/scans/1", headers: ["Cookie": cookie])
            #expect(bare.status == 403)
            #expect(try errorCode(bare) == "bad-origin")
            let events = try await serve.http.send(
                "GET", "/api/events", headers: ["Cookie": cookie, "Origin": "http://evil.example"])
            #expect(events.status == 403)
            // A script with the bearer token sends no Origin, and is not a browser riding a cookie.
            let script = try await serve.http.send(
                "DELETE", "/api/scans/999", headers: ["Authorization": "Bearer \(serve.token)"])
            #expect(try errorCode(script) == "unknown-scan")
            #expect(script.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") })
        }
    }

    @Test("every answer carries the CSP, nosniff and no-framing headers, and no CORS header")
    func securityHeaders() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            for path in ["/", "/js/main.js", "/api/jobs", "/api/session", "/nowhere"] {
                let answer = try await serve.http.send("GET", path, headers: ["Cookie": cookie])
                let policy = try #require(answer.headers["content-security-policy"], "\(path)")
                #expect(policy.contains("script-src 'self'"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(answer.headers["x-content-type-options"] == "nosniff")
                #expect(answer.headers.keys.allSatisfy { !$0.hasPrefix("access-control-") }, "\(path)")
            }
            let session = try await serve.http.send("GET", "/api/session", headers: ["Cookie": cookie])
            #expect(!session.text.contains(serve.test.environment.settings.openAIKey ?? "no key"), "no API key in a response")
        }
    }

    @Test("the token file is the token alone, mode 0600; it survives a reload until renewed")
    func tokenFile() async throws {
        try await LiveServe.run { serve in
            let file = serve.test.environment.home.appendingPathComponent(PairingToken.fileName)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == serve.token)
            #expect(serve.token.count >= 22)
            #expect(try PairingToken.load(home: serve.test.environment.home, renew: false) == serve.token)
            let renewed = try PairingToken.load(home: serve.test.environment.home, renew: true)
            #expect(renewed != serve.token)
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }
}

/// The `error.code` of a JSON error answer.
func errorCode(_ answer: RawHTTP.Answer) throws -> String? {
    ((try answer.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
}
