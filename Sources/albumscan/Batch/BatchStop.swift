import AlbumScanCore
import Synchronization

/// What stops a whole batch: an error every later photo would meet too (a missing or rejected key, an exhausted
/// quota). The first one is kept; no photo starts after it, and it is said once, at the end, not once per photo.
final class BatchStop: Sendable {
    private let first = Mutex<AlbumScanError?>(nil)

    /// Whether `error` would fail every photo after it.
    static func stopsBatch(_ error: AlbumScanError) -> Bool {
        switch error {
        case .configuration, .quotaExhausted: true
        default: false
        }
    }

    /// Keeps the result's error when it stops the batch.
    func note(_ result: ScanResult) {
        guard let error = result.error, Self.stopsBatch(error) else { return }
        first.withLock { if $0 == nil { $0 = error } }
    }

    /// The error that stopped the batch, if one did.
    var error: AlbumScanError? { first.withLock { $0 } }
}

/// The `--json` line of a photo that was not scanned.
struct SkippedLine: Encodable {
    var file: String
    var status = "skipped"
    var skipped: Reason

    struct Reason: Encodable {
        var reason: String
    }

    /// A photo left unscanned because the batch stopped.
    static func batchStopped(_ file: String) -> SkippedLine {
        SkippedLine(file: file, skipped: Reason(reason: "batch-stopped"))
    }
}
