import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Discogs' 429 is waited out across processes, and the search retried: the Discogs id is stored, not dropped.
@Suite struct DiscogsWaitTests {
    @Test func a429IsWaitedOutByEveryProcessAndTheIdStored() async throws {
        let album = FixtureCatalog.editionSearched
        let services = try FixtureWorld.start(albums: [album], discogs: true)
        defer { services.stop() }
        let discogs = try #require(services.discogs)
        discogs.refuseNext(retryAfter: 4)
        let runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        let first = runner.home.appendingPathComponent("first.jpg"), second = runner.home.appendingPathComponent("second.jpg")
        try album.cover(width: 900, height: 900).write(to: first)
        try album.cover(width: 760, height: 760).write(to: second)

        let waiting = Task { try await runner.spawn(["scan", first.path, "--json"]) }
        // The second process starts while the first waits out the 429.
        let deadline = Date().addingTimeInterval(20)
        while discogs.arrivals.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let refusedAt = try #require(discogs.arrivals.first)
        let started = try await runner.spawn(["scan", second.path, "--json"])
        let waited = try await waiting.value

        #expect(waited.status == 0 && started.status == 0, "\(waited.stderr)\n\(started.stderr)")
        for output in [waited, started] {
            let line = try #require(output.jsonLines.first)
            #expect((line["album"] as? [String: Any])?["discogsReleaseId"] as? Int == 6_600_001, "\(output.stdout)")
        }
        #expect(discogs.refused == 1)
        let later = discogs.arrivals.dropFirst().map { $0.timeIntervalSince(refusedAt) }
        #expect(!later.isEmpty && later.allSatisfy { $0 >= 3.95 }, "requests after the 429, seconds after it: \(later)")
    }
}
