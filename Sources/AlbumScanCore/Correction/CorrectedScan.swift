import Foundation

/// A saved scan's new state after a correction: what `saveCorrections` writes.
struct CorrectedScan: Sendable {
    var scan: StoredScan
    var album: Album
    var artwork: ArtworkOutcome
    var verification: Verification
    /// Nil when the review stays as it was (only the Discogs release changed).
    var review: ReviewOutcome?

    init(_ scan: StoredScan) {
        self.scan = scan
        album = scan.album
        artwork = ArtworkOutcome(
            status: scan.artworkStatus, url: scan.artworkURL, releaseId: scan.album.musicbrainzReleaseId,
            reason: scan.artworkReason.map { .init(code: $0, message: ScanResult.incompleteMessage) })
        verification = scan.verification
        review = nil
    }
}
