import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// Photos are read and prepared ahead of their turn, and turns go in the order the photos came.
@Suite struct ServeTurnTests {
    @Test("with one job, three photos sent at once are scanned in the order they came")
    func turnsKeepArrivalOrder() async throws {
        try await InProcessServe.run(jobs: 1) { serve in
            let cookie = try await serve.pair()
            // The third photo is the smallest, so it is prepared first; it still takes the last turn.
            let photos = try [("01", 1600), ("02", 1200), ("03", 500)].map { prefix, side in
                let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) })
                return (album, try album.cover(width: side, height: side))
            }
            var jobs: [String] = []
            for (index, (_, photo)) in photos.enumerated() {
                let posted = try await serve.http.send(
                    "POST", "/api/scans?noLocal=1&name=photo-\(index).jpg", headers: serve.page(cookie), body: photo)
                jobs.append(try #require((try posted.json() as? [String: Any])?["job"] as? String))
            }
            var scans: [(id: Int, title: String?)] = []
            for job in jobs {
                let result = try #require(try await serve.waitForJob(job, cookie: cookie)["result"] as? [String: Any])
                scans.append((result["scanId"] as? Int ?? -1, (result["album"] as? [String: Any])?["title"] as? String))
            }
            #expect(scans.map(\.title) == photos.map { Optional($0.0.title) })
            #expect(scans.map(\.id) == scans.map(\.id).sorted() && Set(scans.map(\.id)).count == 3, "\(scans)")
        }
    }
}
