import Foundation

/// A photo whose last scan failed or found nothing, and no saved scan since: what still needs doing.
package struct FailedScan: Sendable, Equatable, Encodable {
    /// The row's id (failures are numbered apart from scans).
    package var id: Int64
    package var file: String
    /// The photo's content hash; nil when the file could not be read.
    package var inputSha256: String?
    /// `failed` or `unidentified`.
    package var status: ScanResult.Status
    package var error: ErrorSummary
    /// When it was last tried, and how many times.
    package var triedAt: Date
    package var tries: Int

    package struct ErrorSummary: Sendable, Equatable, Encodable {
        package var code: String
        package var message: String
    }

    /// Whether a scan ending with `error` is kept as a failure of that photo. Problems of the whole run (a key, the
    /// quota, the state folder, an interruption) say nothing about the photo, so they are not.
    package static func records(_ error: AlbumScanError) -> Bool {
        switch error {
        case .unidentified, .artworkMismatch, .invalidImage, .malformedInput, .photoQuality, .unreadableInput,
            .serviceFailed, .rateLimited:
            true
        case .usage, .unknownScan, .quotaExhausted, .configuration, .interrupted, .outputFile, .storage,
            .serviceUnreachable:
            false
        }
    }
}
