import AlbumScanCore
import Foundation

/// One scan as a program sees it: what `albumscan scan --json` prints, with its main facts read out.
public struct ScannedAlbum: Sendable {
    /// The saved scan's id; nil when nothing was saved.
    public let scanId: Int64?
    /// `identified`, `unidentified`, `failed` or `skipped`.
    public let status: String
    /// The photo's file name (or the name given with its bytes).
    public let file: String
    public let artist: String?
    public let title: String?
    public let year: String?
    public let label: String?
    public let genres: [String]
    /// The review's rating out of 10, when a review was written.
    public let rating: Double?
    /// The review's recommendation ("Essential Classic" … "Avoid Entirely").
    public let recommendation: String?
    /// Why the scan failed or found nothing.
    public let failure: AlbumScanFailure?
    /// The whole scan as `albumscan scan --json` prints it.
    public let json: String

    init(_ result: ScanResult) {
        (scanId, status, file) = (result.scanId, result.status.rawValue, result.file)
        (artist, title, year) = (result.album?.artist, result.album?.title, result.album?.year)
        (label, genres) = (result.album?.label, result.album?.genres ?? [])
        (rating, recommendation) = (result.review?.review?.rating, result.review?.review?.recommendation)
        failure = result.error.map(AlbumScanFailure.init)
        // try?: a scan result is plain strings and numbers, which always encode
        json = (try? JSONOutput.encode(result)) ?? "{}"
    }
}
