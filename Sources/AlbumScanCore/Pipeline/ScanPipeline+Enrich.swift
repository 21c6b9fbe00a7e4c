extension ScanPipeline {
    /// Stage 3: the artwork and the review. The review needs only the metadata, so it runs alongside the artwork
    /// chain; neither can stop the scan, and what is missing is reported as a diagnostic.
    func enrich(_ identified: IdentifiedScan, store: AlbumStore) async -> EnrichedScan {
        let album = identified.album
        async let artworkStage = ArtworkFetcher(environment: environment, store: store).artwork(for: album)
        async let reviewStage = ReviewGenerator(environment: environment, store: store)
            .review(of: album, ultra: identified.ultraReview)
        let (artwork, review) = await (artworkStage, reviewStage)
        await recordUsage(review.usage, in: store)
        if let reason = artwork.reason {
            environment.log("artwork: unavailable: \(reason.message)")
            ScanDiagnostics.report(.artwork, .artworkUnavailable, reason.message)
        }
        if let reason = review.reason {
            environment.log("review: unavailable: \(reason.message)")
            ScanDiagnostics.report(.review, .reviewUnavailable, reason.message)
        }
        return EnrichedScan(identified: identified, artwork: artwork, review: review)
    }
}
