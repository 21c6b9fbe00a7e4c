import AlbumScanTestSupport
import Foundation
import Testing

/// The batch path under load: MusicBrainz spacing from a fresh home, and one lookup per album per process.
@Suite struct EtiquetteTests {
    /// A fresh home, a `--jobs 2` batch of two albums and a second process started at the same moment (three workers
    /// racing for a limiter file that does not exist yet): the fake only observes (it does not enforce the rate), and
    /// no two requests arrive under 1 s apart.
    @Test func freshHomeBatchAndASecondProcessKeepOneSecondAtTheServer() async throws {
        let fixture = try CLIFixture(musicBrainzAtPublicRate: true)
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        #expect(!FileManager.default.fileExists(atPath: fixture.runner.home.appendingPathComponent("musicbrainz.lock").path))
        let batch = try ["01", "02"].map { try fixture.cover($0) }
        let other = try fixture.cover("10")
        let statuses = LockedValue<[Int32]>([])
        await withTaskGroup(of: Void.self) { group in
            for arguments in [["scan", "--rescan"] + batch + ["--jobs", "2", "--json", "--no-local"], ["scan", "--rescan", other, "--json", "--no-local"]] {
                group.addTask {
                    let status = (try? await fixture.runner.spawn(arguments))?.status ?? -1
                    statuses.withLock { $0.append(status) }
                }
            }
        }
        #expect(statuses.current == [0, 0])
        let arrivals = fixture.services.musicBrainz.server.requests.map(\.receivedAt).sorted()
        // One search per album: on the public server the Discogs links are left pending for the export.
        #expect(arrivals.count == 3, "\(fixture.services.musicBrainz.searches.map(\.query))")
        #expect(fixture.services.musicBrainz.lookups.isEmpty)
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        #expect((gaps.min() ?? 0) >= 1.0, "gaps: \(gaps)")
        print(String(format: "fresh-home etiquette: minimum gap %.3f s over %d gaps", gaps.min() ?? 0, gaps.count))
    }

    /// Eight copies of one cover at `--jobs 8`: one MusicBrainz search, one Cover Art Archive chain, one review.
    @Test func sameAlbumAtJobsEightIsLookedUpOnce() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        let original = try fixture.cover("01")
        let copies = try (1...8).map { index -> String in
            let copy = fixture.covers.appendingPathComponent("copy-\(index).jpg")
            try FileManager.default.copyItem(atPath: original, toPath: copy.path)
            return copy.path
        }
        let output = try await fixture.run(["scan", "--rescan"] + copies + ["--jobs", "8", "--json", "--no-local"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.jsonLines.count == 8)
        #expect(fixture.services.musicBrainz.searches.count == 1)
        let releasePages = fixture.services.coverArt.coverArtServer.requests.filter { $0.path.hasPrefix("/release/") }
        #expect(releasePages.count == 1, "\(releasePages)")
        let images = fixture.services.coverArt.archiveServer.requests.filter { $0.path.hasSuffix(".jpg") }
        #expect(images.count == 1, "\(images)")
        let reviews = fixture.services.openAI.calls.filter { !$0.hasImage }
        #expect(reviews.count == 1)
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 8, "each photo is still identified")
        let statuses = output.jsonLines.compactMap { ($0["artwork"] as? [String: Any])?["status"] as? String }
        #expect(statuses.filter { $0 == "fetched" }.count == 1 && statuses.filter { $0 == "cached" }.count == 7)
    }
}
