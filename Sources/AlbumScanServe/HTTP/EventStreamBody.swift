import FlyingSocks
import Foundation

/// An event stream's bytes as the buffered sequence FlyingFox sends a chunked body from: each event is one chunk,
/// written as soon as it is published; the body ends when the stream does (the server stops).
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let events: AsyncStream<Data>

    func makeAsyncIterator() -> Iterator { Iterator(events: events.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<Data>.Iterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let data = await events.next() else { return nil }
                pending = [UInt8](data)
            }
            // The whole event at once when it fits the suggestion, so no event is split across chunks needlessly.
            let taken = Array(pending.prefix(Swift.max(count, 1)))
            pending.removeFirst(taken.count)
            return taken
        }
    }
}
