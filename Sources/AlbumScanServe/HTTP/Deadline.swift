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
            try await Task.sleep(until: deadline, clock: .continuous)
            throw DeadlinePassed()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlinePassed() }
        return first
    }
}
