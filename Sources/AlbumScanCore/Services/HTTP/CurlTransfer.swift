import Foundation

/// One request on its way through the event loop, and the task waiting for it.
///
/// Its continuation is resumed exactly once: `finish` takes it under the lock, so whichever of done,
/// error, cancellation or shutdown comes first wins and the rest do nothing.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var cancelled = false

    init(_ request: HTTPRequest) {
        self.request = request
    }

    /// Stores the waiting continuation; false (and already resumed) when the task was cancelled first.
    func attach(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return false
        }
        self.continuation = continuation
        lock.unlock()
        return true
    }

    /// Marks the transfer cancelled; the event loop ends it on its next turn.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Whether the waiting task was cancelled.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Resumes the waiting task with `result` unless it was resumed before.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(with: result)
    }
}
