import Foundation
import Synchronization

/// One request on its way through the event loop, and the task waiting for it.
///
/// Its continuation is resumed exactly once: `finish` takes it under the lock, so whichever of done,
/// error, cancellation or shutdown comes first wins and the rest do nothing.
final class CurlTransfer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var cancelled = false
    }

    let request: HTTPRequest
    private let state = Mutex(State())

    init(_ request: HTTPRequest) {
        self.request = request
    }

    /// Stores the waiting continuation; false (and already resumed) when the task was cancelled first.
    func attach(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let attached = state.withLock { state in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            return true
        }
        if !attached { continuation.resume(throwing: CancellationError()) }
        return attached
    }

    /// Marks the transfer cancelled; the event loop ends it on its next turn.
    func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// Whether the waiting task was cancelled.
    var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Resumes the waiting task with `result` unless it was resumed before.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        let waiting = state.withLock { state in
            let waiting = state.continuation
            state.continuation = nil
            return waiting
        }
        waiting?.resume(with: result)
    }
}
