import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The exact release end to end against the fakes: editions told apart by the sleeve's catalogue number, format
/// and country; Discogs ids from MusicBrainz's url relations, or from a Discogs search with a token. Each runs both
/// ways a scan can get its links (`DiscogsLinkTiming`): asked at scan time (a mirror), or left pending by the scan
/// (the public server) and asked for by the export's fill, after which the same links are known.
@Suite struct CatalogueScanTests {
    static let timings: [DiscogsLinkTiming.Choice] = [.scan, .later]
    static let readable = FixtureCatalog.editionReadable
    static let silent = FixtureCatalog.editionSilent
    static let tieBreak = FixtureCatalog.editionTieBreak
    static let searched = FixtureCatalog.editionSearched
    static let world = FixtureCatalog.editionAlbums

    static func scan(_ album: FixtureAlbum, _ test: TestEnvironment) async throws -> ScanResult {
        let file = test.environment.home.appendingPathComponent("\(album.slug).jpg")
        try album.cover(width: 900, height: 900).write(to: file)
        return await ScanPipeline(environment: test.environment).scan(file)
    }

    /// The environment on `services` with the links asked for at scan time or later.
    static func environment(
        _ services: FakeServices, _ timing: DiscogsLinkTiming.Choice, configure: (inout Settings) -> Void = { _ in }
    ) throws -> TestEnvironment {
        try TestEnvironment(services: services) { settings in
            settings.discogsLinks = timing
            configure(&settings)
        }
    }

    /// The scan as `show` reads it once its links are known: with `later`, the scan must have said they are pending
    /// and asked MusicBrainz nothing for them; the export's fill then asks, once per release.
    static func settled(_ result: ScanResult, _ test: TestEnvironment, _ timing: DiscogsLinkTiming.Choice) async throws
        -> ScanResult
    {
        let scanId = try #require(result.scanId)
        let store = try await test.environment.store()
        if timing == .later {
            #expect(result.album?.discogs == .pending)
            #expect(try albumJSON(result)["discogsIdSource"] as? String == "pending")
            let fill = DiscogsLinkFill(environment: test.environment, store: store)
            let pending = try await fill.pending(scanIds: [scanId])
            #expect(pending.map(\.musicbrainzReleaseId) == [result.album?.musicbrainzReleaseId])
            let report = await fill.fill(pending, for: [scanId])
            #expect(report.problem == nil && report.settled == 1)
            #expect(try await fill.pending(scanIds: [scanId]).isEmpty, "nothing left pending")
        }
        return ScanResult(stored: try #require(try await store.scan(id: scanId)))
    }

    static func albumJSON(_ result: ScanResult) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(try JSONOutput.encode(result).utf8)) as? [String: Any]
        return try #require(json?["album"] as? [String: Any])
    }

    @Test(arguments: timings) func aReadableCatalogueNumberGetsThatEditionAndItsDiscogsIds(
        _ timing: DiscogsLinkTiming.Choice
    ) async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try Self.environment(services, timing)
        defer { test.remove() }
        let album = Self.readable
        let scanned = try await Self.scan(album, test)

        #expect(scanned.status == .identified)
        let edition = album.releaseID(of: album.editions[0])
        #expect(scanned.album?.musicbrainzReleaseId == edition)
        #expect(services.musicBrainz.searches.first?.query.contains("catno:\"prm 2042\"") == true)
        #expect(services.musicBrainz.lookups == (timing == .later ? [] : [edition]))
        let result = try await Self.settled(scanned, test, timing)
        #expect(result.album?.discogs == DiscogsLink(releaseIds: [7_002_042, 7_002_043], source: .link))
        #expect(services.musicBrainz.lookups == [edition], "one url-rels lookup, at scan time or by the fill")
        let json = try Self.albumJSON(result)
        #expect(json["catalogNumber"] as? String == "PRM 2042")
        #expect(json["format"] as? String == "LP" && json["country"] as? String == "DE")
        #expect(json["discogsReleaseId"] as? Int == 7_002_042)
        #expect(json["discogsReleaseIds"] as? [Int] == [7_002_042, 7_002_043])
        #expect(json["discogsIdSource"] as? String == "link")

        // Saved and read back as `show` reads it.
        let store = try await test.environment.store()
        let scanId = try #require(result.scanId)
        let stored = try #require(try await store.scan(id: scanId))
        #expect(stored.album.edition == Edition(catalogNumber: "PRM 2042", format: "LP", country: "DE"))
        #expect(stored.album.discogs.releaseIds == [7_002_042, 7_002_043] && stored.album.discogs.source == .link)
    }

    @Test(arguments: timings) func aSilentSleeveGetsTheRankingsChoiceAndItsListedFacts(
        _ timing: DiscogsLinkTiming.Choice
    ) async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try Self.environment(services, timing)
        defer { test.remove() }
        let scanned = try await Self.scan(Self.silent, test)
        let result = try await Self.settled(scanned, test, timing)

        #expect(scanned.status == .identified)
        #expect(result.album?.musicbrainzReleaseId == Self.silent.releaseID, "the original, not the linked reissue")
        #expect(result.album?.discogs == DiscogsLink.none)
        #expect(!services.musicBrainz.searches.contains { $0.query.contains("catno:") })
        #expect(services.musicBrainz.lookups == [Self.silent.releaseID])
        let json = try Self.albumJSON(result)
        for key in ["discogsReleaseId", "discogsIdSource"] {
            #expect(json[key] is NSNull, "\(key) is \(String(describing: json[key]))")
        }
        #expect(json["discogsReleaseIds"] as? [Int] == [])
        // The sleeve said nothing of its edition: the chosen release's own facts fill it, and say whose they are.
        let listed = Edition(catalogNumber: "FIX-82", format: "CD", country: "GB")
        #expect(scanned.album?.edition == listed && result.album?.edition == listed)
        let sources = try #require(json["sources"] as? [String: String])
        #expect(sources["catalogNumber"] == "musicbrainz" && sources["format"] == "musicbrainz")
        // The model named the label and year without reading them off the photo (DESIGN wave 5: source `model`).
        #expect(sources["country"] == "musicbrainz" && sources["label"] == "model" && sources["year"] == "model")
        let store = try await test.environment.store()
        let scanId = try #require(result.scanId)
        let stored = try #require(try await store.scan(id: scanId))
        #expect(stored.album.edition == listed && stored.album.discogs == .none)
        #expect(stored.album.sources == scanned.album?.sources, "show --json says the same as the scan")
    }

    @Test(arguments: timings) func formatAndCountryBreakTheTieBetweenEditions(_ timing: DiscogsLinkTiming.Choice) async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try Self.environment(services, timing)
        defer { test.remove() }
        let album = Self.tieBreak
        let result = try await Self.settled(try await Self.scan(album, test), test, timing)
        #expect(result.album?.musicbrainzReleaseId == album.releaseID(of: album.editions[1]))
        #expect(result.album?.discogs.releaseIds == [7_200_002])
        #expect(result.album?.format == "cassette" && result.album?.country == "USA", "as the sleeve says it")
    }

    @Test(arguments: timings) func withATokenDiscogsIsSearchedWhenMusicBrainzLinksNothing(
        _ timing: DiscogsLinkTiming.Choice
    ) async throws {
        let services = try FixtureWorld.start(albums: Self.world, discogs: true)
        defer { services.stop() }
        let test = try Self.environment(services, timing)
        defer { test.remove() }
        let discogs = try #require(services.discogs)
        let result = try await Self.settled(try await Self.scan(Self.searched, test), test, timing)

        #expect(result.album?.discogs == DiscogsLink(releaseIds: [6_600_001], source: .search))
        #expect(discogs.searches == [["catno": "STN 77", "type": "release"]])
        let request = try #require(discogs.server.requests.first)
        #expect(request.header("Authorization") == "Discogs token=\(discogs.token)")
        #expect(request.header("User-Agent")?.hasPrefix("albumscan/") == true)
        #expect(try Self.albumJSON(result)["discogsIdSource"] as? String == "search")

        // A release MusicBrainz links to Discogs is never searched for.
        _ = try await Self.settled(try await Self.scan(Self.readable, test), test, timing)
        #expect(discogs.searches.count == 1)
        // The token is nowhere in what the scan logged.
        #expect(!test.lines.current.contains { $0.contains(discogs.token) })
    }

    /// At scan time (a mirror), the links are asked for once the search names the release, beside the archive's
    /// requests: waiting for the artwork check would make the artwork branch one request longer than the review.
    @Test func theLinksAreAskedForWhileTheArtworkIsFetched() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        // On a real-time clock the archive's three requests take 3 s and the links' one request waits 1 s after the
        // search: it comes first by 2 s, however busy other tests keep the cores.
        services.setLatency(coverArt: .seconds(1))
        let test = try TestEnvironment(services: services, clock: AcceleratedClock(factor: 1)) { $0.discogsLinks = .scan }
        defer { test.remove() }
        let result = try await Self.scan(Self.readable, test)
        #expect(result.verification.status == .verified)
        #expect(result.album?.discogs.releaseIds == [7_002_042, 7_002_043])
        let lookup = try #require(services.musicBrainz.server.requests.first { $0.target.contains("inc=url-rels") })
        let image = try #require(services.coverArt.archiveServer.requests.last { $0.path.hasSuffix(".jpg") })
        #expect(lookup.receivedAt < image.receivedAt, "the links were asked for after the front image")
    }

    /// Once asked (at scan time or by a fill), a release's links are cached: a later scan knows them at once, even
    /// when it leaves new releases pending.
    @Test(arguments: timings) func aKnownReleaseAsksMusicBrainzForItsLinksOnce(_ timing: DiscogsLinkTiming.Choice) async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try Self.environment(services, timing) { $0.localMatch = false }
        defer { test.remove() }
        _ = try await Self.settled(try await Self.scan(Self.readable, test), test, timing)
        let again = try await Self.scan(Self.readable, test)
        #expect(again.album?.discogs == DiscogsLink(releaseIds: [7_002_042, 7_002_043], source: .link))
        #expect(services.musicBrainz.lookups.count == 1)
    }

    /// Public server: one MusicBrainz request per new album on the scan's path (the search), and the album saved
    /// pending; the fill asks once per release, records the links on the album, and a second fill asks nothing.
    @Test func onThePublicServerTheScanAsksOnceAndTheFillAsksForTheLinks() async throws {
        let services = try FixtureWorld.start(albums: Self.world, musicBrainzAtPublicRate: true)
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { $0.musicBrainzRate = 1 }
        defer { test.remove() }
        #expect(test.environment.settings.discogsLinks == .auto)
        let first = try await Self.scan(Self.readable, test)
        let second = try await Self.scan(Self.silent, test)
        #expect(services.musicBrainz.server.requests.count == services.musicBrainz.searches.count)
        #expect(services.musicBrainz.lookups.isEmpty)
        #expect(first.album?.discogs == .pending && second.album?.discogs == .pending)
        let store = try await test.environment.store()
        let ids = [first, second].compactMap(\.scanId)
        #expect(try await store.scan(id: ids[0])?.album.discogs == .pending, "show --json says pending too")

        let fill = DiscogsLinkFill(environment: test.environment, store: store)
        let report = await fill.fill(try await fill.pending(scanIds: ids), for: ids)
        #expect(report.settled == 2 && report.linked == 1 && report.stillPending == 0)
        #expect(services.musicBrainz.lookups.count == 2)
        #expect(try await store.scan(id: ids[0])?.album.discogs.releaseIds == [7_002_042, 7_002_043])
        #expect(try await store.scan(id: ids[1])?.album.discogs == DiscogsLink.none, "known to link none, no longer pending")
        #expect(try await fill.pending(scanIds: ids).isEmpty)
        #expect(await fill.fill([], for: []).settled == 0 && services.musicBrainz.lookups.count == 2)
    }

    /// A fill that cannot reach MusicBrainz stops at once and leaves the links pending, for the next export.
    @Test func aFillThatCannotAskLeavesTheLinksPending() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try Self.environment(services, .later)
        defer { test.remove() }
        let first = try await Self.scan(Self.readable, test)
        let second = try await Self.scan(Self.tieBreak, test)
        services.musicBrainz.respondToLookups { _, _ in .json(["error": "Internal Server Error"], status: 500) }
        let store = try await test.environment.store()
        let fill = DiscogsLinkFill(environment: test.environment, store: store)
        let ids = [first, second].compactMap(\.scanId)
        let report = await fill.fill(try await fill.pending(scanIds: ids), for: ids)
        #expect(report.settled == 0 && report.stillPending == 2)
        #expect(report.problem?.contains("MusicBrainz could not be asked") == true, "\(report.problem ?? "")")
        #expect(services.musicBrainz.lookups.count == 4, "the first release's lookup and its three retries, then no more")
        #expect(try await fill.pending(scanIds: ids).count == 2)
        #expect(try await store.scan(id: ids[0])?.album.discogs == .pending)
    }
}
