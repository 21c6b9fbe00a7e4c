extension Album {
    /// The Discogs release id the exports use: the first of the album's Discogs releases, nil when none is known.
    package var discogsReleaseId: Int? { discogs.releaseIds.first }
}
