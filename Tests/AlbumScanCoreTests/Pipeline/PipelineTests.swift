import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The scan pipeline in-process, on the test environment: the fakes answer without sockets.
@Suite struct PipelineTests {
    /// One scan: identified, saved, artwork fetched, review generated; the store holds what came back.
    @Test func anIdentifiedScanIsSavedWithArtworkAndReview() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let cover = try FixtureScans.cover("01", in: test.environment.home)
        let result = await ScanPipeline(environment: test.environment).scan(cover)
        #expect(result.status == .identified)
        #expect(result.album?.title == "Signal Bloom")
        #expect(result.artwork?.status == .fetched)
        #expect(result.review?.status == .generated)
        let store = try await test.environment.store()
        let scanId = try #require(result.scanId)
        let stored = try #require(try await store.scan(id: scanId))
        #expect(stored.album.title == "Signal Bloom")
        #expect(try test.environment.keyring.status().scansUsed == 1)
        #expect(test.transport.unexpected.isEmpty)
    }

    /// A re-scan answers artwork and review from the caches: only ID Call 1 goes out (with Call 0 off; with it
    /// on, nothing goes out at all: see LocalMatchTests).
    @Test func aRescanMakesOnlyCallOne() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { $0.localMatch = false }
        defer { test.remove() }
        let cover = try FixtureScans.cover("02", in: test.environment.home)
        let pipeline = ScanPipeline(environment: test.environment)
        _ = await pipeline.scan(cover)
        let (searches, listings, calls) = (
            services.musicBrainz.searches.count, services.coverArt.coverArtServer.requests.count,
            services.openAI.calls.count
        )
        let again = await pipeline.scan(cover)
        #expect(again.artwork?.status == .cached && again.review?.status == .cached)
        #expect(services.musicBrainz.searches.count == searches)
        #expect(services.coverArt.coverArtServer.requests.count == listings)
        #expect(services.openAI.calls.count == calls + 1)
    }

    /// Eight concurrent paid scans of one album in one process share one lookup, one cover download and one review.
    @Test func concurrentScansOfOneAlbumShareTheWork() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        services.setLatency(musicBrainz: .milliseconds(500))
        let test = try TestEnvironment(services: services) { $0.localMatch = false }
        defer { test.remove() }
        try test.environment.keyring.setTier(.ultra)
        let covers = try (1...8).map { try FixtureScans.cover("05", in: test.environment.home, name: "copy-\($0)") }
        let pipeline = ScanPipeline(environment: test.environment)
        let results = await withTaskGroup(of: ScanResult.self) { group in
            for cover in covers { group.addTask { await pipeline.scan(cover) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == .identified })
        #expect(services.musicBrainz.searches.count == 1)
        #expect(services.openAI.calls.filter { !$0.hasImage }.count == 1)
        #expect(results.filter { $0.review?.status == .generated }.count == 1)
        #expect(try test.environment.keyring.status().scansUsed == 8)
    }

    /// The test transport fails loudly: a request to a host no fake serves names itself.
    @Test func aRequestNoFakeServesFailsNamingIt() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { settings in
            settings.musicBrainzURL = URL(string: "https://musicbrainz.example/ws/2")!
        }
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("01", in: test.environment.home))
        #expect(result.status == .identified)
        #expect(result.artwork?.status == .unavailable)
        #expect(test.transport.unexpected.first?.hasPrefix("GET https://musicbrainz.example/ws/2/release?query=") == true)
    }
}
