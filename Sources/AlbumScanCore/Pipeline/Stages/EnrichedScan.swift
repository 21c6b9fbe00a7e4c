/// Stage 3, enrich: the identified album's artwork and review, fetched side by side.
struct EnrichedScan: Sendable {
    var identified: IdentifiedScan
    var artwork: ArtworkOutcome
    var review: ReviewOutcome
}
