import AlbumScanApp
import Synchronization

/// The warnings a command has already printed, so a batch says each one once.
final class WarningsGiven: Sendable {
    private let given = Mutex<Set<String>>([])

    /// True the first time `warning` is asked about.
    func first(_ warning: String) -> Bool {
        given.withLock { $0.insert(warning).inserted }
    }
}
