import Synchronization

/// What a stopping server waits on: how many connections are answering a request now. Once it says stop, a
/// connection finishes the request it is answering and takes no other.
final class ConnectionActivity: Sendable {
    private let state = Mutex<(busy: Int, stopping: Bool)>((0, false))

    var busy: Int { state.withLock { $0.busy } }
    var isStopping: Bool { state.withLock { $0.stopping } }

    func stop() { state.withLock { $0.stopping = true } }

    /// Runs `work`, counted as busy meanwhile.
    func serving<T>(_ work: () async -> T) async -> T {
        state.withLock { $0.busy += 1 }
        defer { state.withLock { $0.busy -= 1 } }
        return await work()
    }
}
