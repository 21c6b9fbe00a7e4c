import AlbumScanCore
import AlbumScanServe
import FlyingFox
import Foundation
import Testing

/// DESIGN wave 5, pairing and unpaired browsers: a pairing link opened from another site's page still pairs, a
/// browser that is not paired is told how to pair, and an old pairing link says so, each in a page a phone reads.
@Suite struct ServeUnpairedBrowserTests {
    static let sameSite: [String?] = [nil, "none", "same-origin", "None"]

    @Test("from the address bar (Sec-Fetch-Site absent, none, same-origin) pairing is 303 to / with the cookie")
    func pairingFromTheAddressBar() async throws {
        try await InProcessServe.run { serve in
            for site in Self.sameSite {
                var headers = ["Accept": "text/html"]
                headers["Sec-Fetch-Site"] = site
                let answer = try await serve.send(.GET, "/pair?token=\(serve.token)", headers: headers)
                #expect(answer.status == 303 && answer.headers["location"] == "/", "\(site ?? "(none)")")
                let cookie = try #require(answer.headers["set-cookie"], "\(site ?? "(none)")")
                #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
                #expect(!cookie.contains(serve.token), "the cookie is not the token")
            }
        }
    }

    @Test("from another site's link pairing is a 200 page with the cookie that moves on to / with no script")
    func pairingFromAnotherSite() async throws {
        try await InProcessServe.run { serve in
            for site in ["cross-site", "same-site", "Cross-Site"] {
                let answer = try await serve.send(
                    .GET, "/pair?token=\(serve.token)", headers: ["Sec-Fetch-Site": site, "Accept": "text/html"])
                #expect(answer.status == 200, "\(site)")
                #expect(answer.headers["location"] == nil && answer.headers["content-type"] == "text/html; charset=utf-8")
                let setCookie = try #require(answer.headers["set-cookie"], "\(site)")
                #expect(setCookie.contains("SameSite=Strict"))
                #expect(answer.text.contains(#"<meta http-equiv="refresh" content="0;url=/">"#))
                #expect(answer.text.contains(#"<a href="/">"#))
                #expect(!answer.text.lowercased().contains("<script"))
                Self.expectPhonePage(answer)
                // The cookie it set is a paired client's.
                let page = try await serve.send(.GET, "/", headers: ["Cookie": String(setCookie.split(separator: ";")[0])])
                #expect(page.status == 200 && page.text.contains("/js/main.js"), "\(site)")
            }
        }
    }

    @Test("an unpaired browser's page is 401 with a phone page saying how to pair; the API stays JSON")
    func unpairedBrowser() async throws {
        try await InProcessServe.run { serve in
            for path in ["/", "/crate", "/app.css", "/nowhere"] {
                let answer = try await serve.send(
                    .GET, path, headers: ["Accept": "text/html", "Cookie": "albumscan_session=abc.def"])
                #expect(answer.status == 401, "\(path)")
                #expect(answer.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
                #expect(answer.text.contains("This phone is not paired."), "\(path)")
                #expect(
                    answer.text.contains(
                        "On the computer running albumscan serve, scan the QR code it printed (or open its pairing link)."))
                #expect(answer.headers["set-cookie"] == nil)
                Self.expectPhonePage(answer)
            }
            let api = try await serve.send(.GET, "/api/session", headers: ["Accept": "text/html"])
            #expect(api.status == 401 && api.errorCode == "unauthorized")
            #expect(api.headers["content-type"] == "application/json")
        }
    }

    @Test("an old pairing link from a browser is 401 with a page saying to use the link serve printed last")
    func oldPairingLink() async throws {
        try await InProcessServe.run { serve in
            let browsers: [[String: String]] = [
                ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"],
                ["Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "cross-site"],
            ]
            for headers in browsers {
                let answer = try await serve.send(.GET, "/pair?token=\(serve.token.dropLast())x", headers: headers)
                #expect(answer.status == 401, "\(headers)")
                #expect(answer.headers["set-cookie"] == nil, "\(headers)")
                #expect(answer.text.contains("This pairing link is old."), "\(headers)")
                #expect(answer.text.contains("Use the one albumscan serve printed last"), "\(headers)")
                Self.expectPhonePage(answer)
            }
            let missing = try await serve.send(.GET, "/pair", headers: ["Accept": "text/html"])
            #expect(missing.status == 401 && missing.text.contains("This pairing link is old."))
            // A script (no HTML accepted) still reads the JSON error.
            let script = try await serve.send(.GET, "/pair?token=nope")
            #expect(script.status == 401 && script.errorCode == "bad-token" && script.headers["set-cookie"] == nil)
            let post = try await serve.send(.POST, "/pair?token=\(serve.token)", headers: ["Accept": "text/html"])
            #expect(post.status == 405 && post.headers["allow"] == "GET" && post.headers["set-cookie"] == nil)
        }
    }

    /// A page a phone reads: its width, light or dark, no script, its one inline style allowed by hash alone.
    static func expectPhonePage(_ answer: InProcessServe.Reply) {
        let html = answer.text
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(html.contains(#"<meta name="color-scheme" content="light dark">"#))
        #expect(!html.lowercased().contains("<script") && !html.contains("style=\""))
        let policy = answer.headers["content-security-policy"] ?? ""
        #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("script-src"))
        guard let open = html.range(of: "<style>"), let close = html.range(of: "</style>") else {
            Issue.record("the page has no style")
            return
        }
        let style = Data(html[open.upperBound..<close.lowerBound].utf8)
        let hash = Data(Digest.sha256(style)).base64EncodedString()
        #expect(policy.contains("style-src 'sha256-\(hash)'"), "the policy allows the page's style by its hash")
        #expect(html[open.upperBound..<close.lowerBound].contains("font:1.375rem"), "large text")
    }
}
