import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// The back of the sleeve on `serve` (DESIGN wave 5): `POST /api/scans/ID/photos?side=back` pins a saved scan, and
/// `POST /api/jobs/JOB/photos?side=back` identifies an unidentified job's kept front, with identification calls
/// counted at the fake OpenAI.
@Suite struct SleevePhotoRouteTests {
    static func back(_ digits: String = FixtureBarcodes.signalBloom) throws -> Data { try BarcodeSleeve.jpeg(digits: digits) }

    static func identificationCalls(_ serve: LiveServe) -> Int { serve.services.openAI.calls.filter(\.hasImage).count }

    /// Posts a fixture cover and waits for its job; the done job.
    static func scanned(_ prefix: String, on serve: LiveServe, cookie: String) async throws -> [String: Any] {
        let (_, photo) = try LiveServe.cover(prefix)
        let posted = try await serve.http.send("POST", "/api/scans?name=front.jpg", headers: serve.page(cookie), body: photo)
        let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
        return try await serve.waitForJob(job, cookie: cookie)
    }

    @Test("a back's barcode pins a saved scan: 200 with the scan as GET shows it, version and change log moved")
    func aBackPinsASavedScan() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let done = try await Self.scanned("01", on: serve, cookie: cookie)
            let id = try #require((done["result"] as? [String: Any])?["scanId"] as? Int)
            let calls = Self.identificationCalls(serve)

            let pinned = try await serve.http.send(
                "POST", "/api/scans/\(id)/photos?side=back", headers: serve.page(cookie), body: try Self.back())

            #expect(pinned.status == 200, "\(String(decoding: pinned.body, as: UTF8.self))")
            #expect(pinned.headers["etag"] == "\"2\"")
            let object = try #require(try pinned.json() as? [String: Any])
            let album = try #require(object["album"] as? [String: Any])
            #expect(object["version"] as? Int == 2 && object["scanId"] as? Int == id)
            #expect(album["barcode"] as? String == FixtureBarcodes.signalBloom)
            #expect((album["sources"] as? [String: String])?["barcode"] == "back")
            #expect(album["musicbrainzReleaseId"] as? String == FixtureCatalog.albums[0].releaseID)
            let shown = try await serve.http.send("GET", "/api/scans/\(id)", headers: ["Cookie": cookie])
            #expect(
                NSDictionary(dictionary: try #require(try shown.json() as? [String: Any])) == NSDictionary(dictionary: object))
            let changes = try #require(
                try await serve.http.send("GET", "/api/scans/\(id)/changes", headers: ["Cookie": cookie]).json()
                    as? [[String: Any]])
            #expect(changes.last?["version"] as? Int == 2 && (changes.last?["door"] as? String)?.hasPrefix("page:") == true)
            #expect(Self.identificationCalls(serve) == calls, "no identification call")
        }
    }

    @Test("a back of another album is 409 different-album naming it, and changes nothing; no barcode is 422")
    func aBackOfAnotherAlbumIsAConflict() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let done = try await Self.scanned("07", on: serve, cookie: cookie)
            let id = try #require((done["result"] as? [String: Any])?["scanId"] as? Int)

            let refused = try await serve.http.send(
                "POST", "/api/scans/\(id)/photos?side=back", headers: serve.page(cookie), body: try Self.back())

            #expect(refused.status == 409)
            let error = try #require((try refused.json() as? [String: Any])?["error"] as? [String: Any])
            #expect(error["code"] as? String == "different-album")
            let other = FixtureCatalog.albums[0]
            let named = try #require(error["album"] as? [String: Any])
            #expect(named["artist"] as? String == other.artist && named["title"] as? String == other.title)
            #expect(named["musicbrainzReleaseId"] as? String == other.releaseID)
            let shown = try #require(
                try await serve.http.send("GET", "/api/scans/\(id)", headers: ["Cookie": cookie]).json() as? [String: Any])
            #expect(shown["version"] as? Int == 1)

            let (_, front) = try LiveServe.cover("12")
            let unreadable = try await serve.http.send(
                "POST", "/api/scans/\(id)/photos?side=label", headers: serve.page(cookie), body: front)
            #expect(try unreadable.status == 422 && errorCode(unreadable) == "no-barcode")
            let badSide = try await serve.http.send(
                "POST", "/api/scans/\(id)/photos?side=spine", headers: serve.page(cookie), body: try Self.back())
            #expect(badSide.status == 400)
        }
    }

    @Test("the back of an unidentified job's front: a new job, identified by the barcode with no identification call")
    func theBackOfAnUnidentifiedJob() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let first = try await Self.scanned("11", on: serve, cookie: cookie)
            let job = try #require(first["job"] as? String)
            #expect((first["result"] as? [String: Any])?["status"] as? String == "unidentified")
            let calls = Self.identificationCalls(serve)
            #expect(calls == 1)

            let sent = try await serve.http.send(
                "POST", "/api/jobs/\(job)/photos?side=back", headers: serve.page(cookie), body: try Self.back())

            #expect(sent.status == 202, "\(String(decoding: sent.body, as: UTF8.self))")
            let next = try #require((try sent.json() as? [String: Any])?["job"] as? String)
            #expect(next != job)
            let done = try await serve.waitForJob(next, cookie: cookie)
            let result = try #require(done["result"] as? [String: Any])
            #expect(result["status"] as? String == "identified", "\(result)")
            let identification = try #require(result["identification"] as? [String: Any])
            #expect(identification["method"] as? String == "barcode" && identification["calls"] as? Int == 0)
            #expect(((result["album"] as? [String: Any])?["sources"] as? [String: String])?["barcode"] == "back")
            #expect(result["file"] as? String == "front.jpg")
            #expect(Self.identificationCalls(serve) == calls, "no identification call for the front")
            let id = try #require(result["scanId"] as? Int)
            let photo = try await serve.http.send("GET", "/api/scans/\(id)/photo", headers: ["Cookie": cookie])
            let kept = try LiveServe.cover("11").1
            #expect(photo.status == 200 && photo.body == kept, "the kept front is the scan's photo")

            // A job that saved a scan takes no back: the scan's own route pins it.
            let again = try await serve.http.send(
                "POST", "/api/jobs/\(next)/photos?side=back", headers: serve.page(cookie), body: try Self.back())
            #expect(try again.status == 409 && errorCode(again) == "job-scanned")
            let unknown = try await serve.http.send(
                "POST", "/api/jobs/000000000000/photos?side=back", headers: serve.page(cookie), body: try Self.back())
            #expect(unknown.status == 404)
        }
    }
}

/// An unidentified job says why and what can help (issue 50, item 2), and says it again when answered from the
/// photo's last try.
@Suite struct UnidentifiedJobReasonTests {
    @Test("an unidentified job's result carries error.reason and nextSteps, also when answered from its last try")
    func theReasonTravelsWithTheJob() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let first = try await SleevePhotoRouteTests.scanned("11", on: serve, cookie: cookie)
            let error = try #require((first["result"] as? [String: Any])?["error"] as? [String: Any])
            #expect((error["reason"] as? [String: Any])?["code"] as? String == "model-did-not-know")
            let steps = (error["nextSteps"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(steps == ["photograph-back", "retake-front", "try-again"])

            let again = try await SleevePhotoRouteTests.scanned("11", on: serve, cookie: cookie)
            let result = try #require(again["result"] as? [String: Any])
            #expect(result["repeated"] as? Bool == true)
            let repeated = try #require(result["error"] as? [String: Any])
            #expect((repeated["reason"] as? [String: Any])?["code"] as? String == "model-did-not-know")
            #expect(SleevePhotoRouteTests.identificationCalls(serve) == 1, "the repeat made no model call")
        }
    }
}
