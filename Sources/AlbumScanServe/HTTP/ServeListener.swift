import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The server's accept loop, on FlyingSocks' sockets and event pool, each connection served by `ServeConnection`.
/// It replaces FlyingFox's `HTTPServer`, which parses every request head before any handler sees it, in time that
/// grows with the square of a line's length and with no bound on its size, so one client could stall the server.
final class ServeListener: Sendable {
    private let address: sockaddr_in
    private let handler: any HTTPHandler
    private let timeouts: ConnectionTimeouts
    private let pool: any AsyncSocketPool = HTTPServer.defaultPool()
    private let activity = ConnectionActivity()
    private let state = Mutex(State())

    private struct State {
        var socket: Socket?
        var task: Task<Void, any Error>?
        var stopped = false
    }

    init(address: sockaddr_in, timeouts: ConnectionTimeouts, handler: some HTTPHandler) {
        self.address = address
        self.timeouts = timeouts
        self.handler = handler
    }

    /// Binds and listens, and returns the port. Throws the socket's error: `SocketError.failed` with `EADDRINUSE`
    /// for a port in use.
    func listen() async throws -> UInt16 {
        try await pool.prepare()
        let socket = try Socket(domain: AF_INET)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            guard case .ip4(_, let port) = try socket.sockname() else { throw SocketError.unsupportedAddress }
            state.withLock { $0.socket = socket }
            return port
        } catch {
            try? socket.close()
            throw error
        }
    }

    /// Serves connections until stopped or cancelled; `listen` first.
    func run() async throws {
        let task: Task<Void, any Error>? = state.withLock { state in
            guard !state.stopped, let socket = state.socket else { return nil }
            let task = Task { try await self.serve(on: socket) }
            state.task = task
            return task
        }
        guard let task else { return }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Takes no new request, waits up to `timeout` for the requests being answered, then closes every connection
    /// and the listening socket.
    func stop(timeout: Duration) async {
        activity.stop()
        let (socket, task) = state.withLock { state in
            state.stopped = true
            defer { (state.socket, state.task) = (nil, nil) }
            return (state.socket, state.task)
        }
        if let task {
            let deadline = ContinuousClock.now + timeout
            while activity.busy > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
            task.cancel()
            _ = await task.result
        }
        try? socket?.close()
    }

    /// The event pool and the accept loop, each connection a task of its own, all ended by cancellation.
    private func serve(on socket: Socket) async throws {
        let listening = try AsyncSocket(socket: socket, pool: pool)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { [pool] in try await pool.run() }
            while let client = await accept(on: listening) {
                try? client.socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
                let connection = ServeConnection(socket: client, handler: handler, timeouts: timeouts, activity: activity)
                group.addTask { await connection.run() }
            }
            group.cancelAll()
        }
    }

    /// The next connection; nil once cancelled. A failed accept (no file descriptors left, a connection reset
    /// before it was taken) is tried again after a moment rather than ending the server.
    private func accept(on listening: AsyncSocket) async -> AsyncSocket? {
        while !Task.isCancelled {
            do {
                return try await listening.accept()
            } catch {
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        return nil
    }
}
