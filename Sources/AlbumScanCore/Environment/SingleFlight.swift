import Foundation
import Synchronization

/// Runs identical work once per process: a caller with the same key awaits the first caller's result.
///
/// A batch holding the same album twice would otherwise ask MusicBrainz, the Cover Art Archive and the
/// review model twice while the first scan is still in flight, before either can hit the cache. The shared work is
/// cancelled once every caller waiting for it is (Ctrl-C stops a review call as it stops identification).
package final class SingleFlight<Value: Sendable>: Sendable {
    private struct Flight {
        var task: Task<Value, Never>
        var waiting: Int
    }

    private let running = Mutex<[String: Flight]>([:])

    package init() {}

    /// The work's value, and whether it came from another caller's run of the same key.
    package func run(_ key: String, _ work: @escaping @Sendable () async -> Value) async -> (value: Value, shared: Bool) {
        let (task, leader) = running.withLock { running in
            if var existing = running[key] {
                existing.waiting += 1
                running[key] = existing
                return (existing.task, false)
            }
            let task = Task { await work() }
            running[key] = Flight(task: task, waiting: 1)
            return (task, true)
        }
        let value = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            let abandoned = running.withLock { running in
                guard var flight = running[key], flight.task == task else { return false }
                flight.waiting -= 1
                running[key] = flight
                return flight.waiting == 0
            }
            if abandoned { task.cancel() }
        }
        if leader { running.withLock { if $0[key]?.task == task { $0[key] = nil } } }
        return (value, !leader)
    }
}
