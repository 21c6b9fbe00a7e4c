import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// A photo posted, its events in order, and the catalogue through the API: show, edit, history, export, delete.
@Suite struct ServeScanTests {
    @Test("a posted photo's events come in stage order and end with the result `scan --json` prints")
    func scanAndEvents() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (album, photo) = try LiveServe.cover()
            let http = serve.http
            let stream = Task {
                try await http.events(cookie: cookie) {
                    $0.components(separatedBy: "event: result").dropFirst().first?.contains("\n\n") == true
                }
            }
            try await Task.sleep(for: .milliseconds(500))
            let posted = try await http.send("POST", "/api/scans?name=IMG_0001.jpg", headers: serve.page(cookie), body: photo)
            #expect(posted.status == 202)
            let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
            let text = try await stream.value
            let events = text.components(separatedBy: "\n\n").compactMap(Self.event)
            let stages = events.filter { $0.name == "stage" }.compactMap { $0.data["stage"] as? String }
            #expect(stages == ["queued", "preparing", "identifying", "found", "reviewing", "saving"], "\(stages)")
            #expect(events.allSatisfy { $0.data["job"] as? String == job })
            let result = try #require(events.last { $0.name == "result" }?.data["result"] as? [String: Any])
            #expect(result["status"] as? String == "identified")
            #expect((result["album"] as? [String: Any])?["title"] as? String == album.title)
            #expect(result["file"] as? String == "IMG_0001.jpg")
            let snapshot = try await serve.waitForJob(job, cookie: cookie)
            #expect(((snapshot["result"] as? [String: Any])?["scanId"] as? Int) == result["scanId"] as? Int)
            // The same photo again: a job of its own, answered from the saved scan (no second scan).
            let again = try await http.send("POST", "/api/scans", headers: serve.page(cookie), body: photo)
            let second = try #require((try again.json() as? [String: Any])?["job"] as? String)
            #expect(second != job)
            let skipped = try await serve.waitForJob(second, cookie: cookie)
            let skip = (skipped["result"] as? [String: Any])?["skipped"] as? [String: Any]
            #expect(skip?["reason"] as? String == "already-scanned" && skip?["scanId"] as? Int == result["scanId"] as? Int)
        }
    }

    @Test("edit, history, show, artwork, export and delete go through the API; bad input is a JSON error")
    func catalogue() async throws {
        try await InProcessServe.run(defaults: ShopFields(location: "Bin 4")) { serve in
            let cookie = try await serve.pair()
            let (album, photo) = try LiveServe.cover()
            let headers = serve.page(cookie)
            let posted = try await serve.http.send("POST", "/api/scans", headers: headers, body: photo)
            let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
            let done = try await serve.waitForJob(job, cookie: cookie)
            let id = try #require((done["result"] as? [String: Any])?["scanId"] as? Int)
            #expect((done["result"] as? [String: Any])?["location"] as? String == "Bin 4", "the session's default")

            var json = headers
            json["Content-Type"] = "application/json"
            let edited = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: json, body: Data(#"{"mediaCondition":"VG+","price":12.5,"sku":""}"#.utf8))
            #expect(edited.status == 200)
            let object = try #require(try edited.json() as? [String: Any])
            #expect(object["mediaCondition"] as? String == "Very Good Plus (VG+)")
            #expect(object["price"] as? String == "12.50" || object["price"] as? String == "12.5")
            let badGrade = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: json, body: Data(#"{"sleeveCondition":"Shiny"}"#.utf8))
            #expect(badGrade.status == 422)
            let malformed = try await serve.http.send("PATCH", "/api/scans/\(id)", headers: json, body: Data("{".utf8))
            #expect(malformed.status == 400)
            #expect(try errorCode(malformed) == "bad-request")
            let unknownField = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: json, body: Data(#"{"colour":"red"}"#.utf8))
            #expect(unknownField.status == 400)
            // The corrections `edit` takes, under their JSON names.
            let corrected = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: json,
                body: Data(#"{"discogsReleaseId":"https://www.discogs.com/release/123-X"}"#.utf8))
            #expect(corrected.status == 200)
            let fixed = try #require((try corrected.json() as? [String: Any])?["album"] as? [String: Any])
            #expect(fixed["discogsReleaseId"] as? Int == 123 && fixed["discogsIdSource"] as? String == "manual")
            let badRelease = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: json, body: Data(#"{"musicbrainzReleaseId":"not-an-id"}"#.utf8))
            #expect(badRelease.status == 422)
            let shown = try await serve.http.send("GET", "/api/scans/\(id)", headers: headers)
            #expect(
                (try shown.json() as? [String: Any])?["mediaCondition"] as? String == "Very Good Plus (VG+)",
                "unchanged by refusals")

            let found = try await serve.http.send("GET", "/api/scans?search=\(album.title.prefix(4))", headers: headers)
            let items = try #require(try found.json() as? [[String: Any]])
            #expect(items.map { $0["scanId"] as? Int } == [id])
            let none = try await serve.http.send("GET", "/api/scans?search=zzzzzz", headers: headers)
            #expect(none.text == "[]")
            let badFilter = try await serve.http.send("GET", "/api/scans?method=guess", headers: headers)
            #expect(badFilter.status == 400)

            let artwork = try await serve.http.send("GET", "/api/scans/\(id)/artwork", headers: headers)
            #expect(artwork.status == 200)
            #expect(artwork.headers["content-type"] == "image/jpeg")
            #expect(artwork.body.prefix(2) == Data([0xFF, 0xD8]))
            let csv = try await serve.http.send("GET", "/api/export?format=csv", headers: headers)
            #expect(csv.headers["content-type"]?.hasPrefix("text/csv") == true)
            #expect(csv.text.contains(album.title))
            let crate = try await serve.http.send("GET", "/crate", headers: headers)
            #expect(crate.text.contains("1 album") && crate.text.contains(album.title), "\(crate.text.prefix(300))")

            let wrongMethod = try await serve.http.send("PUT", "/api/scans/\(id)", headers: headers)
            #expect(wrongMethod.status == 405)
            let unknownJob = try await serve.http.send("GET", "/api/jobs/000000000000", headers: headers)
            #expect(try errorCode(unknownJob) == "unknown-job")
            let deleted = try await serve.http.send("DELETE", "/api/scans/\(id)", headers: headers)
            #expect(deleted.status == 204)
            let gone = try await serve.http.send("GET", "/api/scans/\(id)", headers: headers)
            #expect(gone.status == 404)
            #expect(try errorCode(gone) == "unknown-scan")
            let twice = try await serve.http.send("DELETE", "/api/scans/\(id)", headers: headers)
            #expect(twice.status == 404)
        }
    }

    /// One event's name and JSON data.
    static func event(_ block: String) -> (name: String, data: [String: Any])? {
        var name: String?
        var data: [String: Any]?
        for line in block.split(separator: "\n") {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") {
                data = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
            }
        }
        guard let name, let data else { return nil }
        return (name, data)
    }
}
