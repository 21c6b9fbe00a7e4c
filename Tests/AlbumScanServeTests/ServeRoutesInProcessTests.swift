import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import FlyingFox
import Foundation
import Testing

/// Every route answered in-process, each with its status and a field of its body that shows it did its work.
@Suite struct ServeRoutesInProcessTests {
    @Test("the page, its style and modules, and the crate page are served to a paired client")
    func pages() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let page = try await serve.send(.GET, "/", headers: ["Cookie": cookie])
            #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains(#"<script type="module" src="/js/main.js">"#))
            #expect(page.text.contains(#"capture="environment""#))
            let style = try await serve.send(.GET, "/app.css", headers: ["Cookie": cookie])
            #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
            #expect(!style.body.isEmpty)
            let script = try await serve.send(.GET, "/js/main.js", headers: ["Cookie": cookie])
            #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("import "))
            let crate = try await serve.send(.GET, "/crate", headers: ["Cookie": cookie])
            #expect(crate.status == 200 && crate.text.contains("0 albums"), "\(crate.text.prefix(400))")
            #expect(crate.headers["content-security-policy"]?.contains("style-src 'unsafe-inline'") == true)
        }
    }

    @Test("a photo posted becomes a job, then a scan the catalogue routes show, edit, export and delete")
    func catalogue() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let headers = serve.page(cookie)
            let done = try await serve.scan(cookie: cookie)
            let result = try #require(done["result"] as? [String: Any])
            let id = try #require(result["scanId"] as? Int)
            let title = try #require((result["album"] as? [String: Any])?["title"] as? String)

            let jobs = try await serve.send(.GET, "/api/jobs", headers: headers)
            #expect(jobs.status == 200)
            #expect((try jobs.json() as? [[String: Any]])?.map { $0["job"] as? String } == [done["job"] as? String])
            let listed = try await serve.send(.GET, "/api/scans", headers: headers)
            #expect(listed.status == 200)
            #expect((try listed.json() as? [[String: Any]])?.map { $0["scanId"] as? Int } == [id])
            let failed = try await serve.send(.GET, "/api/scans?failed=1", headers: headers)
            #expect(failed.status == 200 && failed.text == "[]")
            let shown = try await serve.send(.GET, "/api/scans/\(id)", headers: headers)
            #expect(shown.status == 200 && shown.headers["etag"] == "\"1\"")
            #expect(((try shown.json() as? [String: Any])?["album"] as? [String: Any])?["title"] as? String == title)

            var json = headers
            json["Content-Type"] = "application/json"
            let edited = try await serve.send(
                .PATCH, "/api/scans/\(id)", headers: json, body: Data(#"{"mediaCondition":"VG+"}"#.utf8))
            #expect(edited.status == 200 && edited.headers["etag"] == "\"2\"")
            #expect((try edited.json() as? [String: Any])?["mediaCondition"] as? String == "Very Good Plus (VG+)")
            let changes = try await serve.send(.GET, "/api/scans/\(id)/changes", headers: headers)
            #expect(changes.status == 200)
            #expect((try changes.json() as? [[String: Any]])?.map { $0["version"] as? Int } == [2])
            // The photo is kept before the job is said to be done: there at once.
            let photo = try await serve.send(.GET, "/api/scans/\(id)/photo", headers: headers)
            #expect(photo.status == 200 && photo.headers["content-type"] == "image/jpeg")
            #expect(photo.body.prefix(2) == Data([0xFF, 0xD8]))
            let artwork = try await serve.send(.GET, "/api/scans/\(id)/artwork", headers: headers)
            #expect(artwork.status == 200 && artwork.headers["content-type"] == "image/jpeg")
            #expect(artwork.body.prefix(2) == Data([0xFF, 0xD8]))
            let csv = try await serve.send(.GET, "/api/export?format=csv", headers: headers)
            #expect(csv.status == 200 && csv.headers["content-type"] == "text/csv; charset=utf-8")
            #expect(csv.text.contains(title))
            let crate = try await serve.send(.GET, "/crate", headers: headers)
            #expect(crate.text.contains("1 album") && crate.text.contains(title))
            let report = try await serve.send(.GET, "/api/export/report?format=csv", headers: headers)
            #expect(report.status == 200 && report.text == "{\"leftOut\":[],\"listed\":[\(id)]}", "\(report.text)")
            var marking = headers
            marking["Content-Type"] = "application/json"
            let marked = try await serve.send(
                .POST, "/api/export/marks", headers: marking, body: Data("{\"format\":\"csv\",\"scanIds\":[\(id)]}".utf8))
            #expect(marked.status == 200 && marked.text == "{\"marked\":1}", "\(marked.text)")

            let deleted = try await serve.send(.DELETE, "/api/scans/\(id)", headers: headers)
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            let gone = try await serve.send(.GET, "/api/scans/\(id)", headers: headers)
            #expect(gone.status == 404 && gone.errorCode == "unknown-scan")
            #expect(gone.text.contains("no scan with id \(id)"))
        }
    }

    @Test("the session, an unknown job, and the event stream that opens with a comment line")
    func sessionJobsAndEvents() async throws {
        try await InProcessServe.run { serve in
            let cookie = try await serve.pair()
            let session = try await serve.send(.GET, "/api/session", headers: ["Cookie": cookie])
            let info = try #require(try session.json() as? [String: Any])
            #expect(session.status == 200 && info["queueBound"] as? Int == 32)
            #expect((info["mediaGrades"] as? [String])?.contains("Very Good Plus (VG+)") == true)
            let unknown = try await serve.send(.GET, "/api/jobs/000000000000", headers: ["Cookie": cookie])
            #expect(unknown.status == 404 && unknown.errorCode == "unknown-job")
            let empty = try await serve.send(.GET, "/api/jobs", headers: ["Cookie": cookie])
            #expect(empty.status == 200 && empty.text == "[]")

            let stream = await serve.open(.GET, "/api/events", headers: serve.page(cookie))
            #expect(stream.statusCode.code == 200)
            #expect(stream.headers[.contentType] == "text/event-stream")
            guard case .httpBody(let body) = stream.payload else {
                Issue.record("the event stream has no body")
                return
            }
            var events = body.makeAsyncIterator()
            // A body of no known length comes out chunked, as it is written to the socket: `0D`, CRLF, the event.
            let first = try #require(try await events.next())
            #expect(String(decoding: first, as: UTF8.self) == "0D\r\n: connected\n\n\r\n")
        }
    }

    @Test("refusals from the routes are JSON errors: a bad filter, a bad patch, a bad export format")
    func routeRefusals() async throws {
        try await InProcessServe.run { serve in
            let headers = serve.page(try await serve.pair())
            let filter = try await serve.send(.GET, "/api/scans?method=guess", headers: headers)
            #expect(filter.status == 400 && filter.errorCode == "bad-request")
            let patch = try await serve.send(.PATCH, "/api/scans/1", headers: headers, body: Data("{".utf8))
            #expect(patch.status == 400 && patch.errorCode == "bad-request")
            let format = try await serve.send(.GET, "/api/export?format=xml", headers: headers)
            #expect(format.status == 400 && format.text.contains("discogs-inventory"))
            let upload = try await serve.send(.POST, "/api/scans?mediaCondition=Shiny", headers: headers, body: Data("x".utf8))
            #expect(upload.status == 422 && upload.errorCode == "bad-field")
        }
    }
}
