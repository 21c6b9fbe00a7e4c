import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The exact release end to end against the fakes: editions told apart by the sleeve's catalogue number, format
/// and country; Discogs ids from MusicBrainz's url relations, or from a Discogs search with a token.
@Suite struct CatalogueScanTests {
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

    static func albumJSON(_ result: ScanResult) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(try JSONOutput.encode(result).utf8)) as? [String: Any]
        return try #require(json?["album"] as? [String: Any])
    }

    @Test func aReadableCatalogueNumberGetsThatEditionAndItsDiscogsIds() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let album = Self.readable
        let result = try await Self.scan(album, test)

        #expect(result.status == .identified)
        let edition = album.releaseID(of: album.editions[0])
        #expect(result.album?.musicbrainzReleaseId == edition)
        #expect(result.album?.discogs == DiscogsLink(releaseIds: [7_002_042, 7_002_043], source: .link))
        #expect(services.musicBrainz.searches.first?.query.contains("catno:\"prm 2042\"") == true)
        #expect(services.musicBrainz.lookups == [edition])
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

    @Test func aSilentSleeveGetsTheRankingsChoiceAndItsListedFacts() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = try await Self.scan(Self.silent, test)

        #expect(result.status == .identified)
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
        #expect(result.album?.edition == listed)
        let sources = try #require(json["sources"] as? [String: String])
        #expect(sources["catalogNumber"] == "musicbrainz" && sources["format"] == "musicbrainz")
        #expect(sources["country"] == "musicbrainz" && sources["label"] == "sleeve" && sources["year"] == "sleeve")
        let store = try await test.environment.store()
        let scanId = try #require(result.scanId)
        let stored = try #require(try await store.scan(id: scanId))
        #expect(stored.album.edition == listed && stored.album.discogs == .none)
        #expect(stored.album.sources == result.album?.sources, "show --json says the same as the scan")
    }

    @Test func formatAndCountryBreakTheTieBetweenEditions() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let album = Self.tieBreak
        let result = try await Self.scan(album, test)
        #expect(result.album?.musicbrainzReleaseId == album.releaseID(of: album.editions[1]))
        #expect(result.album?.discogs.releaseIds == [7_200_002])
        #expect(result.album?.format == "cassette" && result.album?.country == "USA", "as the sleeve says it")
    }

    @Test func withATokenDiscogsIsSearchedWhenMusicBrainzLinksNothing() async throws {
        let services = try FixtureWorld.start(albums: Self.world, discogs: true)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let discogs = try #require(services.discogs)
        let result = try await Self.scan(Self.searched, test)

        #expect(result.album?.discogs == DiscogsLink(releaseIds: [6_600_001], source: .search))
        #expect(discogs.searches == [["catno": "STN 77", "type": "release"]])
        let request = try #require(discogs.server.requests.first)
        #expect(request.header("Authorization") == "Discogs token=\(discogs.token)")
        #expect(request.header("User-Agent")?.hasPrefix("albumscan/") == true)
        #expect(try Self.albumJSON(result)["discogsIdSource"] as? String == "search")

        // A release MusicBrainz links to Discogs is never searched for.
        _ = try await Self.scan(Self.readable, test)
        #expect(discogs.searches.count == 1)
        // The token is nowhere in what the scan logged.
        #expect(!test.lines.current.contains { $0.contains(discogs.token) })
    }

    /// The links are asked for once the search names the release, beside the archive's requests: waiting for the
    /// artwork check would make the artwork branch one request longer than the review beside it.
    @Test func theLinksAreAskedForWhileTheArtworkIsFetched() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        // On a real-time clock the archive's three requests take 3 s and the links' one request waits 1 s after the
        // search: it comes first by 2 s, however busy other tests keep the cores.
        services.setLatency(coverArt: .seconds(1))
        let test = try TestEnvironment(services: services, clock: AcceleratedClock(factor: 1))
        defer { test.remove() }
        let result = try await Self.scan(Self.readable, test)
        #expect(result.verification.status == .verified)
        #expect(result.album?.discogs.releaseIds == [7_002_042, 7_002_043])
        let lookup = try #require(services.musicBrainz.server.requests.first { $0.target.contains("inc=url-rels") })
        let image = try #require(services.coverArt.archiveServer.requests.last { $0.path.hasSuffix(".jpg") })
        #expect(lookup.receivedAt < image.receivedAt, "the links were asked for after the front image")
    }

    @Test func aKnownReleaseAsksMusicBrainzForItsLinksOnce() async throws {
        let services = try FixtureWorld.start(albums: Self.world)
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { $0.localMatch = false }
        defer { test.remove() }
        _ = try await Self.scan(Self.readable, test)
        let again = try await Self.scan(Self.readable, test)
        #expect(again.album?.discogs.releaseIds == [7_002_042, 7_002_043])
        #expect(services.musicBrainz.lookups.count == 1)
    }
}
