import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// The page's exports are the CLI's (DESIGN wave 5): links left pending are filled first as a job, the report lists
/// what the CSV holds, a mark covers exactly those scans, and a second `notExported=1` export holds only the header.
@Suite struct ServeExportTests {
    /// Scans a fixture cover with the grades and price a Discogs listing needs; its scan id.
    static func scan(_ serve: LiveServe, _ cookie: String, _ prefix: String) async throws -> Int {
        let (_, photo) = try LiveServe.cover(prefix)
        let posted = try await serve.http.send(
            "POST", "/api/scans?mediaCondition=VG%2B&price=12.50", headers: serve.page(cookie), body: photo)
        let job = try #require((try posted.json() as? [String: Any])?["job"] as? String, "\(posted.text)")
        let done = try await serve.waitForJob(job, cookie: cookie)
        return try #require((done["result"] as? [String: Any])?["scanId"] as? Int, "\(done)")
    }

    /// Polls `path` while it answers 202 (the links fill running); the first other answer, and the 202s' job ids.
    static func afterFill(_ serve: LiveServe, _ cookie: String, _ path: String) async throws -> (RawHTTP.Answer, Set<String>) {
        var jobs: Set<String> = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let answer = try await serve.http.send("GET", path, headers: ["Cookie": cookie])
            guard answer.status == 202 else { return (answer, jobs) }
            if let job = (try answer.json() as? [String: Any])?["job"] as? String { jobs.insert(job) }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HTTPTestError("\(path) still 202 after 60 s")
    }

    static func dataRows(_ csv: String) -> [Substring] {
        csv.split(separator: "\r\n").dropFirst().map { $0 }
    }

    @Test("pending links are filled as a job, then report, CSV and marks agree, and notExported=1 holds only the header")
    func exportsReportWhatTheyLeaveOut() async throws {
        // The public server's pace: a scan leaves its Discogs links pending for the export to ask.
        try await LiveServe.run(configure: { $0.musicBrainzRate = 1 }) { serve in
            let cookie = try await serve.pair()
            let linked = [try await Self.scan(serve, cookie, "01"), try await Self.scan(serve, cookie, "05")]
            let unlinked = try await Self.scan(serve, cookie, "02")
            let shown = try await serve.http.send("GET", "/api/scans/\(linked[0])", headers: ["Cookie": cookie])
            let album = (try shown.json() as? [String: Any])?["album"] as? [String: Any]
            #expect(album?["discogsIdSource"] as? String == "pending", "\(shown.text)")

            let first = try await serve.http.send("GET", "/api/export/report?format=discogs-inventory", headers: ["Cookie": cookie])
            #expect(first.status == 202, "\(first.text)")
            let (reportAnswer, jobs) = try await Self.afterFill(serve, cookie, "/api/export/report?format=discogs-inventory")
            #expect(jobs.count == 1, "one fill, whoever asks meanwhile: \(jobs)")
            let report = try #require(try reportAnswer.json() as? [String: Any], "\(reportAnswer.text)")
            let listed = try #require(report["listed"] as? [Int])
            #expect(Set(listed) == Set(linked), "\(reportAnswer.text)")
            let leftOut = report["leftOut"] as? [[String: Any]]
            #expect(leftOut?.count == 1 && leftOut?.first?["reason"] as? String == "no-discogs-release")
            #expect(leftOut?.first?["count"] as? Int == 1 && leftOut?.first?["scanIds"] as? [Int] == [unlinked])

            let csv = try await serve.http.send("GET", "/api/export?format=discogs-inventory", headers: ["Cookie": cookie])
            #expect(csv.status == 200 && Self.dataRows(csv.text).count == listed.count, "\(csv.text)")

            let marks = try await Self.post(serve, cookie, "{\"format\":\"discogs-inventory\",\"scanIds\":\(listed)}")
            #expect(marks.status == 200 && marks.text.contains("\"marked\":2"), "\(marks.text)")
            let again = try await Self.post(serve, cookie, "{\"format\":\"discogs-inventory\",\"scanIds\":\(listed)}")
            #expect(again.text.contains("\"marked\":0"), "\(again.text)")

            let rest = try await serve.http.send(
                "GET", "/api/export?format=discogs-inventory&notExported=1", headers: ["Cookie": cookie])
            #expect(rest.status == 200 && Self.dataRows(rest.text).isEmpty && !rest.text.isEmpty, "\(rest.text)")
            let restReport = try await serve.http.send(
                "GET", "/api/export/report?format=discogs-inventory&notExported=1", headers: ["Cookie": cookie])
            let restObject = try #require(try restReport.json() as? [String: Any])
            #expect((restObject["listed"] as? [Int])?.isEmpty == true, "\(restReport.text)")
            let exported = (restObject["leftOut"] as? [[String: Any]])?.first { $0["reason"] as? String == "exported" }
            #expect(Set(exported?["scanIds"] as? [Int] ?? []) == Set(linked), "\(restReport.text)")

            // An unknown id marks nothing, not even the known one beside it.
            let unknown = try await Self.post(serve, cookie, "{\"format\":\"discogs-collection\",\"scanIds\":[\(linked[0]),999999]}")
            let code = try errorCode(unknown)
            #expect(unknown.status == 422 && code == "unknown-scan", "\(unknown.text)")
            let collection = try await serve.http.send(
                "GET", "/api/export/report?format=discogs-collection&notExported=1", headers: ["Cookie": cookie])
            #expect(((try collection.json() as? [String: Any])?["listed"] as? [Int])?.contains(linked[0]) == true)
        }
    }

    static func post(_ serve: LiveServe, _ cookie: String, _ body: String) async throws -> RawHTTP.Answer {
        var headers = serve.page(cookie)
        headers["Content-Type"] = "application/json"
        return try await serve.http.send("POST", "/api/export/marks", headers: headers, body: Data(body.utf8))
    }
}
