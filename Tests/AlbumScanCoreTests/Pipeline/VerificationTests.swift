import AlbumScanMatching
import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

/// The artwork on file checked against the photo, end to end in-process with the real matcher.
@Suite struct VerificationTests {
    /// Publishes the cover of fixture album `artOf` as the front image of release `mbid`.
    static func publish(_ artOf: String, as mbid: String, on services: FakeServices, id: Int) throws {
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix(artOf) })
        let image = CoverArtImage(
            id: id, data: try album.cover(width: 1000, height: 1000),
            thumbnails: [500: try album.cover(width: 500, height: 500)])
        services.coverArt.setRelease(mbid, CoverArtRelease(images: [image]))
    }

    @Test func artworkOfAnotherAlbumIsAMismatchAndRequireVerifiedRefusesIt() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let original = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix("05") })
        try Self.publish("12", as: original.releaseID, on: services, id: 41_000_001)
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let photo = try FixtureScans.cover("05", in: test.environment.home)
        let plain = await ScanPipeline(environment: test.environment).scan(photo)
        #expect(plain.status == .identified)
        #expect(plain.verification.status == .mismatch)
        #expect(plain.verification.releaseId == original.releaseID)
        let stored = try await test.environment.store().scan(id: try #require(plain.scanId))
        #expect(stored?.verification.status == .mismatch, "show returns the stored verification")
        #expect(try await test.environment.store().albumsWithDescriptors().isEmpty, "no descriptor of unverified art")

        var strict = test.environment
        strict = strict.with { $0.requireVerified = true }
        let used = try strict.keyring.status().scansUsed
        let refused = await ScanPipeline(environment: strict).scan(photo)
        #expect(refused.status == .unidentified)
        #expect(refused.error?.code == "artwork-mismatch")
        #expect(refused.error?.message.contains("Back in Beige") == true)
        #expect(refused.scanId == nil)
        #expect(try strict.keyring.status().scansUsed == used, "no quota used")
    }

    @Test func theEditionWhoseCoverIsInThePhotoIsChosen() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix("01") })
        let reissue = FakeIDs.uuid("fixture:\(album.slug):reissue")
        try Self.publish("12", as: album.releaseID, on: services, id: 41_000_002)
        try Self.publish("01", as: reissue, on: services, id: 41_000_003)
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("01", in: test.environment.home))
        #expect(result.verification.status == .verified)
        #expect(result.verification.releaseId == reissue)
        #expect(result.album?.musicbrainzReleaseId == reissue)
        #expect(test.lines.current.contains { $0.contains("matches the photo instead of the top-ranked") })
        // The top-ranked release's Discogs links were asked for while its artwork was checked; the scan keeps the
        // links of the release it settled on, which MusicBrainz links to nothing.
        #expect(services.musicBrainz.lookups == [album.releaseID, reissue])
        #expect(result.album?.discogs.releaseIds == [])
    }

    /// After a mismatch, an edition whose front image the archive fails to serve is skipped, and the scan says so:
    /// the mismatch stands for want of that edition, not because its cover is another.
    @Test func anEditionTheArchiveFailsToServeIsReported() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix("01") })
        let reissue = FakeIDs.uuid("fixture:\(album.slug):reissue")
        try Self.publish("12", as: album.releaseID, on: services, id: 41_000_004)
        try Self.publish("01", as: reissue, on: services, id: 41_000_005)
        let reissueFiles = "mbid-\(reissue.lowercased())/"
        services.coverArt.intercept { host, request in
            host == .archive && request.path.contains(reissueFiles) && !request.path.hasSuffix("index.json")
                ? FakeResponse.text("busy", status: 503) : nil
        }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("01", in: test.environment.home))
        #expect(result.status == .identified)
        #expect(result.verification.status == .mismatch)
        #expect(result.verification.releaseId == album.releaseID)
        let reported = result.diagnostics.filter { $0.code == .artworkNotCompared }
        #expect(reported.count == 1, "\(result.diagnostics)")
        #expect(reported.allSatisfy { $0.stage == .verify && $0.message.contains("release \(reissue)") })
    }

    /// After a mismatch, a MusicBrainz that fails the search for other editions is reported: none of them is tried.
    @Test func otherEditionsThatCannotBeLookedUpAreReported() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix("01") })
        try Self.publish("12", as: album.releaseID, on: services, id: 41_000_006)
        // MusicBrainz fails from the moment the top-ranked release's front image is fetched: the release was found,
        // the search for other editions after the mismatch fails.
        let topFiles = "mbid-\(album.releaseID.lowercased())/"
        services.coverArt.intercept { [musicBrainz = services.musicBrainz] host, request in
            if host == .archive && request.path.contains(topFiles) { musicBrainz.outage(status: 500) }
            return nil
        }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("01", in: test.environment.home))
        #expect(result.status == .identified)
        #expect(result.verification.status == .mismatch)
        let reported = result.diagnostics.filter { $0.code == .artworkNotCompared }
        #expect(reported.count == 1, "\(result.diagnostics)")
        #expect(reported.allSatisfy { $0.stage == .verify && $0.message.contains("other editions") })
    }

    @Test func noArtworkIsUnchecked() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("06", in: test.environment.home))
        #expect(result.status == .identified)
        #expect(result.artwork?.status == .unavailable)
        #expect(result.verification == .unchecked)
    }

    @Test func matchingArtworkIsVerified() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try FixtureScans.cover("02", in: test.environment.home))
        #expect(result.verification.status == .verified, "\(String(describing: result.verification))")
        let store = try await test.environment.store()
        #expect(
            try await store.albumsWithDescriptors() == [result.album?.musicbrainzReleaseId], "the verified art's descriptor is kept")
        let mbid = try #require(result.album?.musicbrainzReleaseId)
        let record = try #require(try await store.localAlbum(mbid: mbid))
        let bytes = try #require(record.descriptor)
        let descriptor = try #require(MatchDescriptor(data: bytes))
        #expect(descriptor.version == MatchDescriptor.currentVersion)
    }

    /// Which editions a mismatch tries: at most three, other releases first, the group's front image last.
    @Test(
        arguments: [
            (
                ["top", "a", "b", "c", "d"], nil,
                [ArtworkCheck.Alternate(release: "a"), .init(release: "b"), .init(release: "c")]
            ),
            (["top", "a", "b", "c"], "g", [.init(release: "a"), .init(release: "b"), .init(release: "top", group: "g")]),
            (["a", "top"], "g", [.init(release: "a"), .init(release: "top", group: "g")]),
            (["top"], nil, []),
            ([], "g", [.init(release: "top", group: "g")]),
        ] as [([String], String?, [ArtworkCheck.Alternate])])
    func alternatesTried(_ ranked: [String], _ group: String?, _ expected: [ArtworkCheck.Alternate]) {
        #expect(ArtworkCheck.alternates(to: "top", ranked: ranked, group: group) == expected)
    }
}
