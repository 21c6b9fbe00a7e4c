import Foundation
import AlbumScanCore
import Testing

/// When a scan asks for its release's Discogs links: on the public server's one request a second the scan leaves
/// them to the export; on a mirror, or replaying, it asks at once; `ALBUMSCAN_DISCOGS_LINKS` can force either.
@Suite struct DiscogsLinkTimingTests {
    @Test(
        arguments: [
            (DiscogsLinkTiming.Choice.auto, 1.0, true, DiscogsLinkTiming.deferred),
            (.auto, 0.5, true, .deferred),
            (.auto, 1.5, true, .atScan),
            (.auto, 10, true, .atScan),
            (.auto, 1.0, false, .atScan),
            (.scan, 1.0, true, .atScan),
            (.scan, 20, true, .atScan),
            (.later, 20, true, .deferred),
            (.later, 1.0, false, .deferred),
        ])
    func decide(choice: DiscogsLinkTiming.Choice, rate: Double, reachesNetwork: Bool, timing: DiscogsLinkTiming) {
        #expect(DiscogsLinkTiming.decide(choice, rate: rate, reachesNetwork: reachesNetwork) == timing)
    }

    @Test func theEffectiveRateIsThePublicServersOneWhateverWasAsked() throws {
        var settings = Settings()
        settings.musicBrainzRate = 20
        #expect(settings.musicBrainzEffectiveRate == 1)
        settings.musicBrainzURL = try #require(URL(string: "http://127.0.0.1:5000/ws/2"))
        #expect(settings.musicBrainzEffectiveRate == 20)
        settings.musicBrainzRate = nil
        #expect(settings.musicBrainzEffectiveRate == 10)
    }

    @Test func pendingLinksKeepTheirSourceAndSayNoIds() {
        #expect(DiscogsLink.pending.isPending && DiscogsLink.pending.releaseIds.isEmpty)
        #expect(DiscogsLink(releaseIds: [], source: .link) == .none)
        #expect(!DiscogsLink.none.isPending)
    }
}
