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
        artwork = ArtworkOutcome(status: scan.artworkStatus, url: scan.artworkURL, releaseId: scan.album.musicbrainzReleaseId)
        verification = scan.verification
        review = nil
    }
}
