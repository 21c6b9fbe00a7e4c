import AlbumScanApp
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Turns SIGINT and SIGTERM into cancellation of the work it runs, so a batch stops cleanly: nothing new
/// starts, requests in flight are aborted, reservations are released, and the command exits 130 or 143. A second
/// signal ends the process at once; what it leaves (a reservation, a temporary file) the next run settles.
final class Interruption: Sendable {
    private struct State {
        var cancel: (@Sendable () -> Void)?
        var received: Int32?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "albumscan.signals")
    private let listening: Bool

    /// `listening` false makes it a plain runner (in-process tests must not take the test process's signals).
    init(listening: Bool = true) {
        self.listening = listening
    }

    /// The signal that arrived, if any.
    var signal: Int32? { state.withLock { $0.received } }

    /// The exit status for the signal that arrived (128 + its number), if any.
    var exitStatus: Int32? { signal.map { 128 + $0 } }

    /// Runs `work` until it ends; a SIGINT or SIGTERM meanwhile cancels it.
    func run<T: Sendable>(_ work: sending @escaping () async -> T) async -> T {
        var sources: [any DispatchSourceSignal] = []
        for number in listening ? [SIGINT, SIGTERM] : [] {
            // The default action would end the process at once; the source hears the signal instead.
            _ = Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.interrupt(number) }
            source.resume()
            sources.append(source)
        }
        let task = Task { await work() }
        state.withLock { $0.cancel = { task.cancel() } }
        let value = await task.value
        sources.forEach { $0.cancel() }
        return value
    }

    private func interrupt(_ number: Int32) {
        let (first, cancel) = state.withLock { state in
            let first = state.received
            if first == nil { state.received = number }
            return (first, state.cancel)
        }
        if let first { _exit(128 + first) }
        cancel?()
    }
}
