import Dispatch
import Synchronization

/// A sleep until a deadline whose timer goes as soon as the sleep is cancelled. A cancelled `Task.sleep` returns at
/// once but keeps its task and timer until the deadline would have come: each request's deadlines (a handler's is
/// 600 s) then stayed in memory for minutes after the request was answered, about 0.4 KB each, so a session that asks
/// often grew by megabytes.
final class DeadlineTimer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var timer: (any DispatchSourceTimer)?
        var ended = false
    }

    private let state = Mutex(State())

    /// Whether a timer is set and has neither fired nor been cancelled.
    var isArmed: Bool { state.withLock { $0.timer != nil } }

    /// Returns at `deadline`; throws `CancellationError` at once when the task is cancelled first. Sleeps once.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let armed = state.withLock { state -> Bool in
                    guard !state.ended else { return false }
                    let left = max(.zero, deadline - .now).components
                    let timer = DispatchSource.makeTimerSource()
                    timer.schedule(deadline: .now() + Double(left.seconds) + Double(left.attoseconds) / 1e18)
                    timer.setEventHandler { [self] in end(throwing: nil) }
                    (state.continuation, state.timer) = (continuation, timer)
                    timer.resume()
                    return true
                }
                if !armed { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            end(throwing: CancellationError())
        }
    }

    /// Ends the sleep once, by its timer (nil) or its cancellation: the timer is cancelled and let go.
    private func end(throwing error: (any Error)?) {
        let (continuation, timer) = state.withLock { state in
            state.ended = true
            defer { (state.continuation, state.timer) = (nil, nil) }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
