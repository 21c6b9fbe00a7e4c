import AlbumScanApp
import AlbumScanCore
import Synchronization

/// What stops a whole batch: an error every later photo would meet too (a missing or rejected key, an exhausted
/// quota, a model provider that cannot be reached). The first one is kept; no photo starts after it, and it is said once, at the end, not once per photo.
final class BatchStop: Sendable {
    private let first = Mutex<AlbumScanError?>(nil)

    /// Whether `error` would fail every photo after it.
    static func stopsBatch(_ error: AlbumScanError) -> Bool {
        switch error {
        case .configuration, .quotaExhausted, .serviceUnreachable: true
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
