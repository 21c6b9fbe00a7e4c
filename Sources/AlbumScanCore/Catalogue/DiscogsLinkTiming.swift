/// When a scan asks MusicBrainz for its release's Discogs links (`release/{mbid}?inc=url-rels`): during the scan, or
/// later, when an export or the crate page needs them (`DiscogsLinkFill`).
///
/// On the public server every request costs a second of the one-a-second limit every albumscan process on the machine
/// shares, so a second request per new album would halve a batch's pace: there the scan asks once (the release
/// search) and leaves the links pending. A mirror serves many requests a second, and replayed exchanges cost
/// nothing: there the scan asks as it always did, beside the artwork.
package enum DiscogsLinkTiming: Equatable, Sendable {
    case atScan, deferred

    /// What `ALBUMSCAN_DISCOGS_LINKS` asks for: `auto` (by the MusicBrainz rate), `scan` or `later`.
    package enum Choice: String, Sendable, CaseIterable {
        case auto, scan, later
    }

    /// The timing for a MusicBrainz allowed `rate` requests a second. `reachesNetwork` is false when the exchanges
    /// are replayed (no request reaches a server).
    package static func decide(_ choice: Choice, rate: Double, reachesNetwork: Bool) -> DiscogsLinkTiming {
        switch choice {
        case .scan: .atScan
        case .later: .deferred
        case .auto: reachesNetwork && rate <= MusicBrainzRate.publicLimit ? .deferred : .atScan
        }
    }
}

extension AppEnvironment {
    /// When this environment's scans ask for their releases' Discogs links.
    var discogsLinkTiming: DiscogsLinkTiming {
        DiscogsLinkTiming.decide(
            settings.discogsLinks, rate: settings.musicBrainzEffectiveRate, reachesNetwork: spacesMusicBrainzRequests)
    }
}
