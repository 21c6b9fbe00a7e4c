import AlbumScanCore
import AlbumScanServe
import AlbumScanTestSupport
import Foundation
import Testing

/// `GET /api/scans?since=` reads dates as `history --since` does: local midnight, an impossible date refused.
@Suite struct ScanQueryDateTests {
    @Test("an impossible or malformed since is 400 bad-request naming the forms; a real date lists")
    func sinceIsStrict() async throws {
        try await InProcessServe.run { serve in
            let headers = ["Cookie": try await serve.pair()]
            for bad in ["2026-02-30", "2026-13-01", "2026-11-01junk", "1793491200"] {
                let answer = try await serve.http.send("GET", "/api/scans?since=\(bad)", headers: headers)
                #expect(answer.status == 400, "\(bad): \(answer.text)")
                #expect(try errorCode(answer) == "bad-request", "\(bad)")
                #expect(answer.text.contains("YYYY-MM-DD"), "\(bad): \(answer.text)")
            }
            let real = try await serve.http.send("GET", "/api/scans?since=2026-02-28", headers: headers)
            #expect(real.status == 200 && real.text == "[]", "\(real.text)")
        }
    }
}
