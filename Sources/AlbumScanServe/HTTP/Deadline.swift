/// An operation that had not finished by its deadline (and was cancelled).
struct DeadlinePassed: Error {}

/// `operation`'s result, or `DeadlinePassed` once `deadline` comes first; the operation is then cancelled (a socket
/// read ends with `CancellationError`) and waited for.
func withDeadline<T: Sendable>(
    _ deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            // Not `Task.sleep`: met early, as most are, the deadline's timer must go now (see `DeadlineTimer`).
            try await DeadlineTimer().sleep(until: deadline)
            throw DeadlinePassed()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlinePassed() }
        return first
    }
}
