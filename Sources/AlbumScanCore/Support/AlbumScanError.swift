import Foundation

/// Everything that stops a scan or a command. The CLI maps each case to one exit code.
package enum AlbumScanError: Error, Equatable, Sendable {
    /// The command line or a setting is malformed.
    case usage(String)
    /// The cover could not be identified: `reason` is the detail for `--verbose`, `why` the cause shown to everyone.
    case unidentified(reason: String, why: UnidentifiedReason = .modelDidNotKnow)
    /// Under `--require-verified`, the proposed album's artwork does not match the photo.
    case artworkMismatch(album: String)
    /// The input is not a decodable image (JPEG, PNG or HEIC), or it exceeds the image limits.
    case invalidImage(String)
    /// A labels CSV or an earlier eval report (`eval`) that cannot be read as one; the message names the line.
    case malformedInput(String)
    /// The photo failed the quality check (blur, exposure, size); the message says what to fix.
    case photoQuality(String)
    /// The input file is missing or unreadable.
    case unreadableInput(String)
    /// No stored scan has this id.
    case unknownScan(Int64)
    /// A required service failed after retries.
    case serviceFailed(String)
    /// A model provider could not be reached at all (no such host, connection refused, TLS rejected): every photo
    /// after it would fail the same way. Reported with the same code and exit status as `serviceFailed`.
    case serviceUnreachable(String)
    /// A service kept rate limiting after retries.
    case rateLimited(String)
    /// The tier's scan quota is used up.
    case quotaExhausted(String)
    /// A missing or rejected key, or an unreadable keyring or config.
    case configuration(String)
    /// SIGINT or SIGTERM stopped the scan before it finished; nothing of it was saved or counted against the quota.
    case interrupted
    /// An output file the user named (`--html FILE`) cannot be written.
    case outputFile(String)
    /// The state folder cannot be written or read back: a full disk, a read-only database, an I/O error.
    case storage(String)
    /// A photo of a sleeve's back on which no barcode could be read; the message says what to photograph.
    case noBarcode(String)
    /// The barcode read on a sleeve's back names no release MusicBrainz lists.
    case unknownBarcode(String)
    /// The back of a sleeve names a release of another album than the scan's: nothing was changed (DESIGN wave 5).
    case differentAlbum(DifferentAlbum)

    /// The status of a scan this error stopped: a cover that was not (or not reliably) named is unidentified,
    /// anything else failed.
    package var endsAs: ScanResult.Status {
        switch self {
        case .unidentified, .artworkMismatch: .unidentified
        default: .failed
        }
    }

    /// Why an unidentified cover was not named; nil for every other error.
    package var unidentifiedReason: UnidentifiedReason? {
        if case .unidentified(_, let why) = self { return why }
        return nil
    }

    /// The one-line message shown to the user.
    package var message: String {
        switch self {
        case .usage(let m), .invalidImage(let m), .malformedInput(let m), .photoQuality(let m), .unreadableInput(let m),
            .serviceFailed(let m), .serviceUnreachable(let m),
            .rateLimited(let m), .quotaExhausted(let m), .configuration(let m), .outputFile(let m),
            .storage(let m), .noBarcode(let m), .unknownBarcode(let m):
            m
        case .differentAlbum(let album): album.message
        case .unidentified: "Unable to identify this cover art"
        case .artworkMismatch(let album):
            "the artwork of \(album), which the model proposed, does not match the photo; not saved (--require-verified)"
        case .interrupted:
            "interrupted before it finished; nothing was saved or counted against the quota (a model call already under way may still be billed by the provider)"
        case .unknownScan(let id): "no scan with id \(id); run `albumscan history` to list scans"
        }
    }

    /// A stable machine-readable name for JSON output.
    package var code: String {
        switch self {
        case .usage: "usage"
        case .unidentified: "unidentified"
        case .artworkMismatch: "artwork-mismatch"
        case .invalidImage: "invalid-image"
        case .malformedInput: "malformed-input"
        case .photoQuality: "photo-quality"
        case .unreadableInput: "unreadable-input"
        case .unknownScan: "unknown-scan"
        case .serviceFailed, .serviceUnreachable: "service-failed"
        case .rateLimited: "rate-limited"
        case .quotaExhausted: "quota-exhausted"
        case .configuration: "configuration"
        case .outputFile: "output-file"
        case .interrupted: "interrupted"
        case .storage: "storage"
        case .noBarcode: "no-barcode"
        case .unknownBarcode: "unknown-barcode"
        case .differentAlbum: "different-album"
        }
    }
}
