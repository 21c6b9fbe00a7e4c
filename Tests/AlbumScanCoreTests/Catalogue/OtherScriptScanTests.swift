import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// A sleeve read in Latin letters for a release MusicBrainz credits in the artist's own script: the release search
/// finds nothing fitting, the artist index names the artist by its alias, and the artist's releases are searched by
/// MBID. One more request than before, and only when the first search failed.
@Suite struct OtherScriptScanTests {
    static let album = FixtureCatalog.editionSilent
    static let credited = "錫の果樹園"

    static func start() throws -> FakeServices {
        let services = try FixtureWorld.start(albums: [Self.album])
        let album = Self.album
        let release = MBRelease(
            id: album.releaseID, title: album.title, artist: Self.credited, date: "\(album.year)-04-01", country: "JP",
            label: "[no label]", catalogNumber: nil, releaseGroupId: album.releaseGroupID, format: "CD")
        let artist = MBArtist(
            name: Self.credited, sortName: Self.credited, aliases: [.init(name: album.artist, locale: "en", primary: true)])
        // As the real release search behaves here: a phrase of the sleeve's name finds none of the artist's releases.
        services.musicBrainz.respond { query, _ in
            query.contains("arid:\(artist.id)") ? MBReleaseList.response([release]) : MBReleaseList.empty
        }
        services.musicBrainz.respondToArtistSearches { query in
            query.contains(NameFolding.fold(album.artist)) ? MBArtist.searchResponse([artist]) : MBArtist.searchResponse([])
        }
        return services
    }

    @Test func theArtistIndexFindsTheReleaseByAlias() async throws {
        let services = try Self.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = try await CatalogueScanTests.scan(Self.album, test)

        #expect(result.status == .identified)
        #expect(result.album?.musicbrainzReleaseId == Self.album.releaseID)
        #expect(result.album?.artist == Self.album.artist, "the sleeve's reading is what the shop sees")
        #expect(services.musicBrainz.artistSearches.count == 1)
        #expect(services.musicBrainz.searches.count == 2, "the strict search, then the artist's releases by MBID")
        #expect(services.musicBrainz.searches.last?.query.contains("arid:") == true)
        #expect(result.artwork?.status == .fetched)
        #expect(result.album?.label == Self.album.label, "the model's label; MusicBrainz's [no label] is never shown")
        #expect(result.album?.country == "JP" && result.album?.sources.country == .musicbrainz)
    }

    @Test func aNameTheIndexDoesNotKnowFallsBackToTheLooseSearch() async throws {
        let services = try Self.start()
        defer { services.stop() }
        services.musicBrainz.respondToArtistSearches { _ in MBArtist.searchResponse([]) }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = try await CatalogueScanTests.scan(Self.album, test)

        #expect(result.album?.musicbrainzReleaseId == nil)
        #expect(services.musicBrainz.artistSearches.count == 1)
        let queries = services.musicBrainz.searches.map(\.query)
        #expect(queries.count == 2 && queries.last?.hasPrefix("release:(") == true, "\(queries)")
    }

    @Test func aFirstSearchThatFitsAsksTheArtistIndexNothing() async throws {
        let services = try FixtureWorld.start(albums: [Self.album])
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = try await CatalogueScanTests.scan(Self.album, test)
        #expect(result.album?.musicbrainzReleaseId == Self.album.releaseID)
        #expect(services.musicBrainz.artistSearches.isEmpty)
    }
}
