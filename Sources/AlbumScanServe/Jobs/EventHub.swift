import Foundation
import Synchronization

/// The open event streams, by client: each event goes to the streams of the client whose job it is.
final class EventHub: Sendable {
    private struct Subscriber {
        var client: String
        var continuation: AsyncStream<Data>.Continuation
    }

    private let subscribers = Mutex<[UUID: Subscriber]>([:])
    private let log: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// A stream of `client`'s events, starting with a comment line so the browser knows it is open.
    func subscribe(client: String) -> AsyncStream<Data> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuation.yield(Data(": connected\n\n".utf8))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = Subscriber(client: client, continuation: continuation) }
        return stream
    }

    /// Sends `event` to every stream of `client`.
    func publish(_ event: ServerEvent, to client: String) {
        let bytes: Data
        do {
            bytes = try event.encoded()
        } catch {
            log("serve: an event could not be encoded: \(error)")
            return
        }
        subscribers.withLock { subscribers in
            for subscriber in subscribers.values where subscriber.client == client { subscriber.continuation.yield(bytes) }
        }
    }

    /// A comment line to every stream, so idle connections stay open through proxies and phone radios.
    func heartbeat() {
        subscribers.withLock { subscribers in
            for subscriber in subscribers.values { subscriber.continuation.yield(Data(": ping\n\n".utf8)) }
        }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        // Outside the lock: finishing runs each stream's termination handler, which takes the lock itself.
        let all = subscribers.withLock { subscribers in
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for subscriber in all { subscriber.continuation.finish() }
    }
}
