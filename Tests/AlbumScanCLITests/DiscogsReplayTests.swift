import AlbumScanTestSupport
import Foundation
import Testing

/// Scans recorded with `DISCOGS_TOKEN` replay whole with every service down: the Discogs search by the release's
/// barcode is answered from the recording, so each replayed scan keeps its Discogs id, and the token is in no
/// recording.
@Suite struct DiscogsReplayTests {
    /// MusicBrainz links the release to nothing and stores its barcode; Discogs lists it by that barcode and by the
    /// sleeve's catalogue number.
    static var album: FixtureAlbum {
        var album = FixtureCatalog.editionSearched
        album.barcode = FixtureBarcodes.signalBloom
        return album
    }

    @Test func theBackOfASleeveReplaysItsDiscogsSearch() async throws {
        let world = try World()
        defer { world.remove() }
        let recorded = try await world.recorder.run(["scan", world.back, "--record", world.recordings.path, "--json"])
        world.services.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(world.discogs.searches == [["barcode": FixtureBarcodes.signalBloom, "type": "release"]])
        #expect(Self.discogsIds(recorded) == [6_600_001], "\(recorded.stdout)")
        try world.expectNoSecretRecorded()

        // The same settings with the services stopped; then a fresh home with only the token (the default roots).
        for environment in [world.services.environment, ["DISCOGS_TOKEN": world.discogs.token]] {
            let replayed = try await world.replay([world.back], environment: environment)
            #expect(replayed.status == 0, "\(replayed.stderr)")
            #expect(!(replayed.stdout + replayed.stderr).contains("no recording"), "\(replayed.stdout)")
            #expect(Self.discogsIds(replayed) == [6_600_001], "\(replayed.stdout)")
        }
    }

    /// The front and the back of one record: which of the two asks Discogs first changes nothing that is asked, so
    /// the photos replayed in the other order (as a batch's timing may turn them) find every search recorded.
    @Test func theFrontAndBackOfOneRecordReplayInEitherOrder() async throws {
        let world = try World()
        defer { world.remove() }
        let recorded = try await world.recorder.run(
            ["scan", world.front, world.back, "--jobs", "1", "--record", world.recordings.path, "--json"])
        world.services.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(Self.discogsIds(recorded) == [6_600_001, 6_600_001], "\(recorded.stdout)")
        #expect(world.discogs.searches.count == 1, "one search for the one release: \(world.discogs.searches)")
        try world.expectNoSecretRecorded()

        // (The review is left out: which photo of an album asks for it first still changes its request.)
        let replayed = try await world.replay([world.back, world.front], environment: world.services.environment)
        #expect(!(replayed.stdout + replayed.stderr).contains("database/search"), "\(replayed.stdout)")
        #expect(Self.discogsIds(replayed) == [6_600_001, 6_600_001], "\(replayed.stdout)\n\(replayed.stderr)")
    }

    static func discogsIds(_ output: CLIRunner.Output) -> [Int?] {
        output.jsonLines.map { ($0["album"] as? [String: Any])?["discogsReleaseId"] as? Int }
    }

    /// The fakes with Discogs on, knowing only `album`, a home recording against them, and the album's two photos.
    struct World {
        let services: FakeServices
        let discogs: FakeDiscogs
        let recorder: CLIRunner
        let recordings: URL
        let front: String
        /// The back of the sleeve: its barcode names the release.
        let back: String

        init() throws {
            services = try FixtureWorld.start(albums: [DiscogsReplayTests.album], discogs: true)
            discogs = try #require(services.discogs)
            recorder = try CLIRunner(services: services.environment)
            recordings = recorder.home.appendingPathComponent("rec")
            let front = recorder.home.appendingPathComponent("front.jpg")
            try DiscogsReplayTests.album.cover(width: 900, height: 900).write(to: front)
            let back = recorder.home.appendingPathComponent("back.jpg")
            try BarcodeSleeve.jpeg(digits: FixtureBarcodes.signalBloom).write(to: back)
            (self.front, self.back) = (front.path, back.path)
        }

        /// Scans `photos` from the recordings in a fresh home with `environment`.
        func replay(_ photos: [String], environment: [String: String]) async throws -> CLIRunner.Output {
            let replayer = try CLIRunner(services: environment)
            defer { replayer.remove() }
            return try await replayer.run(["scan"] + photos + ["--jobs", "1", "--replay", recordings.path, "--json"])
        }

        /// Neither the token nor an `Authorization` header is in any recording.
        func expectNoSecretRecorded() throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: recordings.path) {
                let text = try String(contentsOf: recordings.appendingPathComponent(name), encoding: .utf8)
                #expect(!text.contains(discogs.token), "\(name) holds the Discogs token")
                #expect(!text.lowercased().contains("authorization"), "\(name) holds an Authorization header")
            }
        }

        func remove() {
            services.stop()
            recorder.remove()
        }
    }
}
