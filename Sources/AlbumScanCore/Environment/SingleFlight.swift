import Foundation
import Synchronization

/// Runs identical work once per process: a caller with the same key awaits the first caller's result.
///
/// A batch holding the same album twice would otherwise ask MusicBrainz, the Cover Art Archive and the
/// review model twice while the first scan is still in flight, before either can hit the cache.
package final class SingleFlight<Value: Sendable>: Sendable {
    private let running = Mutex<[String: Task<Value, Never>]>([:])

    package init() {}

    /// The work's value, and whether it came from another caller's run of the same key.
    package func run(_ key: String, _ work: @escaping @Sendable () async -> Value) async -> (value: Value, shared: Bool) {
        let (task, leader) = running.withLock { running in
            if let existing = running[key] { return (existing, false) }
            let task = Task { await work() }
            running[key] = task
            return (task, true)
        }
        let value = await task.value
        if leader { running.withLock { $0[key] = nil } }
        return (value, !leader)
    }
}
