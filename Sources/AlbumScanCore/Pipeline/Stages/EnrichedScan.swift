/// Stage 3, enrich: the identified album's artwork and review, fetched side by side, and the Discogs links of the
/// release the artwork came from.
struct EnrichedScan: Sendable {
    var identified: IdentifiedScan
    var artwork: ArtworkOutcome
    var review: ReviewOutcome
    /// The links of `artwork.releaseId`, asked for while the review was being written; nil without a release.
    var releaseLinks: DiscogsLink?
}
