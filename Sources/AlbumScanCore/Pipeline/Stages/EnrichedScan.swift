/// Stage 3, enrich: beside the review, the artwork, compared with the photo as soon as it is in, and the Discogs
/// links of the release that comparison settled on.
struct EnrichedScan: Sendable {
    var identified: IdentifiedScan
    var checked: ArtworkCheck.Checked
    var review: ReviewOutcome
    /// The Discogs releases of `checked`'s release (none when the scan will stop on a mismatch).
    var links: DiscogsLink
}
