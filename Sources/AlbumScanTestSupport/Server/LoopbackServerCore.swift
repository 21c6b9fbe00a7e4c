import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared state of a running loopback server; its threads retain this, not the package wrapper.
final class LoopbackServerCore: Sendable {
    /// Mutable state, only touched under the lock.
    private struct State {
        var stopped = false
        var liveConnections: Set<Int32> = []
        var requests: [FakeRequest] = []
        var connectionCount = 0
        var latency: Duration = .zero
    }

    let listener: Int32
    let port: Int
    let wakeRead: Int32
    private let wakeWrite: Int32
    private let handler: @Sendable (FakeRequest) -> FakeResponse
    private let state = LockedValue(State())
    private let threads = DispatchGroup()

    init(handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw LoopbackServerError(call: "pipe", code: errno) }
        do {
            (listener, port) = try POSIXSocket.makeListener()
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        self.handler = handler
    }

    var requests: [FakeRequest] { state.withLock { $0.requests } }
    var connectionCount: Int { state.withLock { $0.connectionCount } }
    var isStopped: Bool { state.withLock { $0.stopped } }
    var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    /// Answers a request handed over in-process, as if it had arrived on a connection; latency joins the delay.
    func answerInProcess(_ request: FakeRequest) -> FakeResponse {
        let latency = state.withLock { state in
            state.requests.append(request)
            return state.latency
        }
        return handler(request).delayed(by: latency)
    }

    func start() {
        spawn { [self] in acceptLoop() }
    }

    /// Wakes every thread, shuts live sockets and waits briefly for the threads to finish.
    func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for fd in state.liveConnections { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        // The pipe stays open if a handler closure is still blocked, so no thread polls a reused fd.
        if threads.wait(timeout: .now() + 2) == .success {
            close(wakeRead)
            close(wakeWrite)
        }
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread { [threads] in
            body()
            threads.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while POSIXSocket.wait(listener, wake: wakeRead, timeoutMs: -1) == .readable {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            let id: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.liveConnections.insert(fd)
                state.connectionCount += 1
                return state.connectionCount
            }
            guard let id else {
                close(fd)
                return
            }
            spawn { [self] in
                serve(fd: fd, connectionID: id)
                state.withLock { _ = $0.liveConnections.remove(fd) }
                close(fd)
            }
        }
    }

    private func serve(fd: Int32, connectionID: Int) {
        var reader = HTTPRequestReader(fd: fd, wake: wakeRead)
        let writer = HTTPResponseWriter(fd: fd, wake: wakeRead)
        var sequence = 0
        while !isStopped {
            sequence += 1
            switch reader.next(connectionID: connectionID, sequence: sequence, sendContinue: writer.sendContinue) {
            case .closed:
                return
            case .malformed(let why):
                _ = writer.deliver(
                    .text("loopback fake: malformed request: \(why)", status: 400), latency: .zero,
                    omitBody: false, keepAlive: false)
                return
            case .request(let request, let keepAlive):
                state.withLock { $0.requests.append(request) }
                let response = handler(request)
                let open = writer.deliver(
                    response, latency: latency, omitBody: request.method == "HEAD",
                    keepAlive: keepAlive)
                guard open else { return }
            }
        }
    }
}
