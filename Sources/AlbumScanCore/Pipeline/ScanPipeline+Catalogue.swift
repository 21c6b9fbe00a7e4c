extension ScanPipeline {
    /// Stage 4b: the Discogs releases of the release the check settled on (MusicBrainz's links, else a Discogs search
    /// with `DISCOGS_TOKEN`). Cached per release; never stops the scan.
    func catalogue(_ checked: CheckedScan, store: AlbumStore) async -> CheckedScan {
        var catalogued = checked
        let link = await DiscogsLookup(environment: environment, store: store).link(for: checked.album)
        if !link.releaseIds.isEmpty { catalogued.identified.album.discogs = link }
        return catalogued
    }
}
