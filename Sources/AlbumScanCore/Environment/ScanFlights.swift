/// The work concurrent scans of one album share within a process (see `SingleFlight`).
final class ScanFlights: Sendable {
    /// MusicBrainz lookup and Cover Art Archive chain, keyed by the album's cache key.
    let artwork = SingleFlight<ArtworkOutcome>()
    /// Review generation, keyed by prompt and the album's cache key.
    let reviews = SingleFlight<ReviewOutcome>()
    /// Discogs links lookup (MusicBrainz's links, then a Discogs search), keyed by the link cache's key.
    let discogsLinks = SingleFlight<DiscogsLink>()
}
