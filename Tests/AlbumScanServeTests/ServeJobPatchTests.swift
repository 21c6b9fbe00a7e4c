import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// Grading while the review is written (`PATCH /api/jobs/ID`), SKU numbers in the order photos arrived, and what a
/// correction from the page says it cost (DESIGN wave 5).
@Suite struct ServeJobPatchTests {
    /// The fixture album whose review the OpenAI fake is slow to write.
    static func slowReview(of album: FixtureAlbum, _ delay: Duration) -> @Sendable (ChatCall) -> Duration {
        { call in
            !call.hasImage && !call.userText.contains("Text read from the cover:") && call.userText.contains(album.title)
                ? delay : .zero
        }
    }

    /// A model time-out longer than the slow review, so the review is written, late, rather than given up on.
    static func patientModel(_ settings: inout Settings) { settings.modelTimeout = 3_000 }

    static func json(_ headers: [String: String]) -> [String: String] {
        var json = headers
        json["Content-Type"] = "application/json"
        return json
    }

    /// Polls a job until its stage is one after the album was found.
    static func waitForFound(_ serve: LiveServe, job: String, cookie: String) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let answer = try await serve.http.send("GET", "/api/jobs/\(job)", headers: ["Cookie": cookie])
            if let snapshot = try answer.json() as? [String: Any], snapshot["found"] != nil { return snapshot }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw HTTPTestError("job \(job) found no album in 60 s")
    }

    @Test("grades sent while the review is written are saved with the scan, and the result keeps them")
    func gradeWhileTheReviewIsWritten() async throws {
        let (album, photo) = try LiveServe.cover("01")
        // The review takes 20 s of real time (1,000 s on the tests' clock, within a model time-out made longer): the
        // grades are sent while it is written even on a loaded machine.
        try await LiveServe.run(
            defaults: ShopFields(location: "Bin 4"), configure: Self.patientModel,
            modelDelay: Self.slowReview(of: album, .seconds(1_000))
        ) {
            serve in
            let cookie = try await serve.pair()
            let headers = Self.json(serve.page(cookie))
            let posted = try await serve.http.send("POST", "/api/scans?name=front.jpg", headers: serve.page(cookie), body: photo)
            let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
            let found = try await Self.waitForFound(serve, job: job, cookie: cookie)
            #expect(found["state"] as? String == "running")
            #expect((found["found"] as? [String: Any])?["title"] as? String == album.title)

            let kept = try await serve.http.send(
                "PATCH", "/api/jobs/\(job)", headers: headers,
                body: Data(#"{"mediaCondition":"VG+","price":"12,50","location":""}"#.utf8))
            #expect(kept.status == 200, "\(kept.text)")
            let shop = try #require((try kept.json() as? [String: Any])?["shop"] as? [String: Any])
            #expect(shop["mediaCondition"] as? String == "Very Good Plus (VG+)")
            #expect(shop["location"] is NSNull, "a cleared field is kept as cleared")
            // The same checks as a scan's PATCH: a bad grade is 422, a correction waits for the scan.
            let badGrade = try await serve.http.send(
                "PATCH", "/api/jobs/\(job)", headers: headers, body: Data(#"{"sleeveCondition":"Shiny"}"#.utf8))
            #expect(badGrade.status == 422)
            let correction = try await serve.http.send(
                "PATCH", "/api/jobs/\(job)", headers: headers, body: Data(#"{"artist":"X","title":"Y"}"#.utf8))
            #expect(correction.status == 400)
            let unknown = try await serve.http.send(
                "PATCH", "/api/jobs/000000000000", headers: headers, body: Data(#"{"sku":"A"}"#.utf8))
            #expect(unknown.status == 404)

            let done = try await serve.waitForJob(job, cookie: cookie)
            let result = try #require(done["result"] as? [String: Any])
            #expect(result["mediaCondition"] as? String == "Very Good Plus (VG+)", "the result does not overwrite the grade")
            #expect(result["price"] as? String == "12.50")
            #expect(result["location"] is NSNull, "the session's default, cleared while the review was written, stays cleared")
            let id = try #require(result["scanId"] as? Int)
            let stored = try #require(
                try await serve.http.send("GET", "/api/scans/\(id)", headers: ["Cookie": cookie]).json() as? [String: Any])
            #expect(
                stored["mediaCondition"] as? String == "Very Good Plus (VG+)"
                    && stored["version"] as? Int == result["version"] as? Int)

            // Once the scan is saved, a job's PATCH edits the scan and answers it.
            let after = try await serve.http.send(
                "PATCH", "/api/jobs/\(job)", headers: headers, body: Data(#"{"comments":"Gatefold"}"#.utf8))
            #expect(after.status == 200)
            let scan = try #require(try after.json() as? [String: Any])
            #expect(scan["scanId"] as? Int == id && scan["comments"] as? String == "Gatefold")
            #expect(after.headers["etag"] != nil)
        }
    }

    @Test("SKU patterns number scans in the order their photos arrived; the second finishes first, a failure takes none")
    func skuNumbersFollowArrival() async throws {
        let (_, unknown) = try LiveServe.cover("11")
        let (first, firstPhoto) = try LiveServe.cover("01")
        let (second, secondPhoto) = try LiveServe.cover("02")
        try await LiveServe.run(
            defaults: ShopFields(sku: "A-{n}"), configure: Self.patientModel, modelDelay: Self.slowReview(of: first, .seconds(500))
        ) {
            serve in
            let cookie = try await serve.pair()
            var jobs: [String] = []
            for (name, photo) in [("unknown.jpg", unknown), ("first.jpg", firstPhoto), ("second.jpg", secondPhoto)] {
                let posted = try await serve.http.send(
                    "POST", "/api/scans?noLocal=1&name=\(name)", headers: serve.page(cookie), body: photo)
                jobs.append(try #require((try posted.json() as? [String: Any])?["job"] as? String))
            }
            var results: [[String: Any]] = []
            for job in jobs {
                results.append(try #require(try await serve.waitForJob(job, cookie: cookie)["result"] as? [String: Any]))
            }
            #expect(results[0]["scanId"] as? Int == nil, "the unknown cover ends without a scan")
            let titles = results.dropFirst().map { ($0["album"] as? [String: Any])?["title"] as? String }
            #expect(titles == [first.title, second.title])
            #expect(results.map { $0["sku"] as? String } == [nil, "A-1", "A-2"], "\(results.map { $0["sku"] ?? "none" })")
            // The second's scan was saved first (the first's review takes 10 s of real time, beyond a loaded
            // machine's delays): its id is the lower.
            #expect((results[2]["scanId"] as? Int ?? 0) < (results[1]["scanId"] as? Int ?? 0))
            // Grades for a photo that ended without a scan have nowhere to go.
            let noScan = try await serve.http.send(
                "PATCH", "/api/jobs/\(jobs[0])", headers: Self.json(serve.page(cookie)), body: Data(#"{"price":"3"}"#.utf8))
            #expect(noScan.status == 409)
            #expect(((try noScan.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "no-scan")
        }
    }

    @Test("a correction from the page says what its review cost")
    func correctionCost() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            var scans: [[String: Any]] = []
            for prefix in ["01", "02"] {
                let (_, photo) = try LiveServe.cover(prefix)
                let posted = try await serve.http.send("POST", "/api/scans?noLocal=1", headers: serve.page(cookie), body: photo)
                let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
                scans.append(try #require(try await serve.waitForJob(job, cookie: cookie)["result"] as? [String: Any]))
            }
            let target = try #require(scans[1]["album"] as? [String: Any])
            let id = try #require(scans[0]["scanId"] as? Int)
            let body = try JSONSerialization.data(withJSONObject: ["artist": target["artist"], "title": target["title"]])
            var headers = Self.json(serve.page(cookie))
            headers["If-Match"] = "\"\(scans[0]["version"] as? Int ?? 0)\""
            let corrected = try await serve.http.send("PATCH", "/api/scans/\(id)", headers: headers, body: body)
            #expect(corrected.status == 200, "\(corrected.text)")
            let album = try #require((try corrected.json() as? [String: Any])?["album"] as? [String: Any])
            #expect(album["title"] as? String == target["title"] as? String)
            let reviewed = (scans[1]["review"] as? [String: Any])?["status"] as? String
            #expect(corrected.headers["x-review"] == (reviewed == "generated" || reviewed == "cached" ? "cached" : "none"))
            // A shop field alone says nothing of a review.
            let graded = try await serve.http.send(
                "PATCH", "/api/scans/\(id)", headers: Self.json(serve.page(cookie)), body: Data(#"{"sku":"B-1"}"#.utf8))
            #expect(graded.status == 200 && graded.headers["x-review"] == nil)
        }
    }

    @Test("a photo that is not an image is refused in one sentence, naming what it is")
    func notAnImage() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            for (body, words) in [
                (
                    Data("GIF89a\u{01}\u{00}".utf8),
                    "this file is a gif image, not a photo albumscan can read; send a JPEG, PNG or HEIC photo"
                ),
                (Data("hello, world".utf8), "this file is not a photo albumscan can read; send a JPEG, PNG or HEIC photo"),
            ] {
                let answer = try await serve.http.send(
                    "POST", "/api/scans?name=notes.jpg", headers: serve.page(cookie), body: body)
                #expect(answer.status == 415)
                let error = try #require((try answer.json() as? [String: Any])?["error"] as? [String: Any])
                #expect(error["code"] as? String == "not-an-image" && error["message"] as? String == words)
            }
        }
    }
}
