import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// Issue 48's findings at the route: versions and `If-Match`, a PATCH that changes only what it names, the change
/// log, and a photo sent again that changes nothing.
@Suite struct ServeLedgerTests {
    static func scanned(_ serve: LiveServe, cookie: String, query: String = "") async throws -> (id: Int, photo: Data) {
        let (_, photo) = try LiveServe.cover()
        let posted = try await serve.http.send("POST", "/api/scans\(query)", headers: serve.page(cookie), body: photo)
        let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
        let done = try await serve.waitForJob(job, cookie: cookie)
        return (try #require((done["result"] as? [String: Any])?["scanId"] as? Int), photo)
    }

    static func patch(_ serve: LiveServe, _ cookie: String, _ id: Int, _ body: String, ifMatch: String? = nil)
        async throws -> RawHTTP.Answer
    {
        var headers = serve.page(cookie)
        headers["Content-Type"] = "application/json"
        if let ifMatch { headers["If-Match"] = ifMatch }
        return try await serve.http.send("PATCH", "/api/scans/\(id)", headers: headers, body: Data(body.utf8))
    }

    /// Finding 4: a second phone that saw an older version gets 412 with the first one's values; nothing changes.
    @Test func aStaleWriteIsRefusedWithTheCurrentScan() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (id, _) = try await Self.scanned(serve, cookie: cookie)
            let shown = try await serve.http.send("GET", "/api/scans/\(id)", headers: serve.page(cookie))
            #expect(shown.headers["etag"] == "\"1\"")
            #expect((try shown.json() as? [String: Any])?["version"] as? Int == 1)

            let first = try await Self.patch(serve, cookie, id, #"{"mediaCondition":"VG+"}"#, ifMatch: "\"1\"")
            #expect(first.status == 200 && first.headers["etag"] == "\"2\"")
            let second = try await Self.patch(serve, cookie, id, #"{"mediaCondition":"G"}"#, ifMatch: "\"1\"")
            #expect(second.status == 412)
            let error = try #require((try second.json() as? [String: Any])?["error"] as? [String: Any])
            #expect(error["code"] as? String == "stale")
            let current = try #require(error["current"] as? [String: Any])
            #expect(current["mediaCondition"] as? String == "Very Good Plus (VG+)" && current["version"] as? Int == 2)
            let after = try await serve.http.send("GET", "/api/scans/\(id)", headers: serve.page(cookie))
            #expect((try after.json() as? [String: Any])?["mediaCondition"] as? String == "Very Good Plus (VG+)")
            let bad = try await Self.patch(serve, cookie, id, #"{"comments":"x"}"#, ifMatch: "soon")
            #expect(bad.status == 400)
        }
    }

    /// Finding 4: a PATCH naming only a comment keeps the grades, SKU and price saved before; the change log says
    /// who changed what.
    @Test func aPatchChangesOnlyWhatItNamesAndIsLogged() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (id, _) = try await Self.scanned(serve, cookie: cookie)
            let graded = try await Self.patch(
                serve, cookie, id, #"{"mediaCondition":"VG+","sleeveCondition":"VG","sku":"A-1","price":13}"#)
            #expect(graded.status == 200)
            let commented = try await Self.patch(serve, cookie, id, #"{"comments":"Gatefold"}"#, ifMatch: "\"2\"")
            #expect(commented.status == 200)
            let object = try #require(try commented.json() as? [String: Any])
            #expect(object["mediaCondition"] as? String == "Very Good Plus (VG+)" && object["sku"] as? String == "A-1")
            #expect(object["price"] as? String == "13" && object["comments"] as? String == "Gatefold")

            let log = try await serve.http.send("GET", "/api/scans/\(id)/changes", headers: serve.page(cookie))
            let changes = try #require(try log.json() as? [[String: Any]])
            #expect(changes.map { $0["version"] as? Int } == [2, 3])
            // The door is the page's own client, which GET /api/session tells it.
            let session = try await serve.http.send("GET", "/api/session", headers: serve.page(cookie))
            let client = try #require((try session.json() as? [String: Any])?["client"] as? String)
            #expect(changes.allSatisfy { $0["door"] as? String == "page:\(client)" })
            let fields = try #require(changes.last?["fields"] as? [[String: Any]])
            #expect(fields.count == 1 && fields[0]["field"] as? String == "comments" && fields[0]["new"] as? String == "Gatefold")
            #expect(fields[0]["old"] is NSNull)
            let missing = try await serve.http.send("GET", "/api/scans/999/changes", headers: serve.page(cookie))
            #expect(missing.status == 404)
        }
    }

    /// Finding 5: the same photo sent again with other fields changes nothing in its scan and says it was skipped.
    @Test func aPhotoSentAgainKeepsItsScansFields() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (id, photo) = try await Self.scanned(serve, cookie: cookie, query: "?mediaCondition=VG%2B&location=Bin%204")
            let again = try await serve.http.send(
                "POST", "/api/scans?mediaCondition=G&location=Bin%209", headers: serve.page(cookie), body: photo)
            #expect(again.status == 202)
            let job = try #require((try again.json() as? [String: Any])?["job"] as? String)
            let done = try await serve.waitForJob(job, cookie: cookie)
            let result = try #require(done["result"] as? [String: Any])
            let skipped = try #require(result["skipped"] as? [String: Any], "\(result)")
            #expect(skipped["reason"] as? String == "already-scanned" && skipped["scanId"] as? Int == id)
            let shown = try #require(
                try (await serve.http.send("GET", "/api/scans/\(id)", headers: serve.page(cookie))).json() as? [String: Any])
            #expect(shown["mediaCondition"] as? String == "Very Good Plus (VG+)" && shown["location"] as? String == "Bin 4")
            #expect(shown["version"] as? Int == 1)
        }
    }

    /// Finding 6: a photo whose last try found nothing is answered from that try, with no model call, until the
    /// page asks to try again (`rescan=1`).
    @Test func anUnidentifiedPhotoSentAgainCostsNothingUnlessRetried() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (_, photo) = try LiveServe.cover("11")
            let calls = { serve.services.openAI.calls.filter(\.hasImage).count }
            func send(_ query: String = "") async throws -> [String: Any] {
                let posted = try await serve.http.send("POST", "/api/scans\(query)", headers: serve.page(cookie), body: photo)
                let job = try #require((try posted.json() as? [String: Any])?["job"] as? String)
                return try #require((try await serve.waitForJob(job, cookie: cookie))["result"] as? [String: Any])
            }
            let first = try await send()
            #expect(first["status"] as? String == "unidentified" && first["repeated"] == nil)
            let paid = calls()
            #expect(paid >= 1)
            let again = try await send()
            #expect(again["status"] as? String == "unidentified" && again["repeated"] as? Bool == true)
            #expect((again["error"] as? [String: Any])?["code"] as? String == "unidentified")
            #expect(calls() == paid, "no model call for a photo that found nothing last time")
            let retried = try await send("?rescan=1")
            #expect(retried["repeated"] == nil && calls() > paid, "rescan=1 tries again")
        }
    }

    /// Finding 7: the same photo from a second phone while the first one's job runs gets a job of its own, listed
    /// for that phone, ending with the same result; a rescan sent meanwhile waits, then scans again in place.
    @Test func everyClientsJobEnds() async throws {
        try await LiveServe.run { serve in
            let (first, second) = (try await serve.pair(), try await serve.pair())
            let (_, photo) = try LiveServe.cover("03")
            serve.services.setLatency(openAI: .milliseconds(600))
            func post(_ cookie: String, _ query: String = "") async throws -> String {
                let posted = try await serve.http.send("POST", "/api/scans\(query)", headers: serve.page(cookie), body: photo)
                return try #require((try posted.json() as? [String: Any])?["job"] as? String)
            }
            let leader = try await post(first)
            let follower = try await post(second)
            let rescan = try await post(second, "?rescan=1")
            #expect(Set([leader, follower, rescan]).count == 3)
            let listed = try #require(
                try (await serve.http.send("GET", "/api/jobs", headers: ["Cookie": second])).json() as? [[String: Any]])
            #expect(Set(listed.compactMap { $0["job"] as? String }) == [follower, rescan], "each phone lists its own jobs")
            let led = try #require((try await serve.waitForJob(leader, cookie: first))["result"] as? [String: Any])
            let followed = try #require((try await serve.waitForJob(follower, cookie: second))["result"] as? [String: Any])
            #expect(led["status"] as? String == "identified" && followed["scanId"] as? Int == led["scanId"] as? Int)
            let rescanned = try #require((try await serve.waitForJob(rescan, cookie: second))["result"] as? [String: Any])
            #expect(rescanned["scanId"] as? Int == led["scanId"] as? Int, "in place")
            #expect(rescanned["version"] as? Int == 2 && rescanned["skipped"] == nil, "scanned again")
        }
    }

    /// DESIGN wave 5, photos are kept: the photo as sent is served back for its scan, and goes with the scan.
    @Test func thePhotoIsKeptUntilItsScanIsDeleted() async throws {
        try await LiveServe.run { serve in
            let cookie = try await serve.pair()
            let (id, photo) = try await Self.scanned(serve, cookie: cookie)
            let kept = try await serve.http.send("GET", "/api/scans/\(id)/photo", headers: serve.page(cookie))
            #expect(kept.status == 200 && kept.body == photo && kept.headers["content-type"] == "image/jpeg")
            let folder = KeptPhotos(home: serve.test.environment.home).folder
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count == 1)
            let deleted = try await serve.http.send("DELETE", "/api/scans/\(id)", headers: serve.page(cookie))
            #expect(deleted.status == 204)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true)
        }
    }
}
