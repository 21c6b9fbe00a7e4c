import Foundation

/// Stage 4, check: the artwork compared with the photo; everything the one save path writes. Every route ends
/// here: the model and barcode routes after the check, the local and duplicate routes straight from the caches.
struct CheckedScan: Sendable {
    var identified: IdentifiedScan
    var artwork: ArtworkOutcome
    var review: ReviewOutcome
    var verification: Verification
    /// The verified front image's descriptor, stored with the album for later local re-matches.
    var descriptor: Data?

    var album: Album { identified.album }
}
