extension ScanPipeline {
    /// Stage 4b: the Discogs releases of the release the check settled on (MusicBrainz's links, else a Discogs search
    /// with `DISCOGS_TOKEN`). Cached per release; never stops the scan.
    /// `early` are the links of the release the artwork came from, already asked for (see `enrich`).
    func catalogue(_ checked: CheckedScan, early: (releaseId: String?, links: DiscogsLink?), store: AlbumStore) async
        -> CheckedScan
    {
        var catalogued = checked
        let link =
            if let links = early.links, early.releaseId == checked.album.musicbrainzReleaseId {
                links
            } else {
                await DiscogsLookup(environment: environment, store: store).link(for: checked.album)
            }
        if !link.releaseIds.isEmpty { catalogued.identified.album.discogs = link }
        return catalogued
    }
}
