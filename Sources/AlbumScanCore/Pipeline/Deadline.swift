/// Runs an operation against a deadline; on time-out the operation is cancelled and its late result reviewed.
enum Deadline {
    /// The operation's result, or `onTimeout` applied to the result it gave after being cancelled.
    /// Waiting for that late result (instead of dropping it) keeps a scan that did finish from being miscounted.
    static func run<T: Sendable>(
        seconds: Double, sleep: @escaping @Sendable (Double) async throws -> Void, _ operation: @escaping @Sendable () async -> T,
        onTimeout: (T) -> T
    ) async -> T {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await operation() }
            group.addTask {
                // try?: the sleep ends early only when cancelled, which the loop below tells from a time-out
                try? await sleep(seconds)
                return nil  // the timer: nil means "time is up" (or, once cancelled, nothing)
            }
            var timedOut = false
            while let next = await group.next() {
                if let value = next {
                    group.cancelAll()
                    return timedOut ? onTimeout(value) : value
                }
                // The timer also ends when the scan itself is cancelled (Ctrl-C): that is no time-out.
                if !Task.isCancelled { timedOut = true }
                group.cancelAll()
            }
            preconditionFailure("the operation task always yields a value")
        }
    }
}
