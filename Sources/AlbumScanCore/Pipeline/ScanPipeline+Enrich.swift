extension ScanPipeline {
    /// Stage 3: the artwork and the review. The review needs only the metadata, so it runs alongside the artwork
    /// chain; neither can stop the scan, and what is missing is reported as a diagnostic.
    func enrich(_ identified: IdentifiedScan, store: AlbumStore) async -> EnrichedScan {
        let album = identified.album
        async let artworkStage = artworkAndItsLinks(for: album, store: store)
        async let reviewStage = ReviewGenerator(environment: environment, store: store)
            .review(of: album, ultra: identified.ultraReview)
        let ((artwork, links), review) = await (artworkStage, reviewStage)
        await recordUsage(review.usage, in: store)
        if let reason = artwork.reason {
            environment.log("artwork: unavailable: \(reason.message)")
            ScanDiagnostics.report(.artwork, .artworkUnavailable, reason.message)
        }
        if let reason = review.reason {
            environment.log("review: unavailable: \(reason.message)")
            ScanDiagnostics.report(.review, .reviewUnavailable, reason.message)
        }
        return EnrichedScan(identified: identified, artwork: artwork, review: review, releaseLinks: links)
    }

    /// The artwork, then the Discogs links of the release it came from, asked for while the review may still be
    /// written rather than after the check (which keeps that release unless the photo shows another edition).
    private func artworkAndItsLinks(for album: Album, store: AlbumStore) async -> (ArtworkOutcome, DiscogsLink?) {
        let artwork = await ArtworkFetcher(environment: environment, store: store).artwork(for: album)
        guard let releaseId = artwork.releaseId else { return (artwork, nil) }
        var release = album
        release.musicbrainzReleaseId = releaseId
        return (artwork, await DiscogsLookup(environment: environment, store: store).link(for: release))
    }
}
