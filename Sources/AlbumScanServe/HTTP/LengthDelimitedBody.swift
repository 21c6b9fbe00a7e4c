import FlyingSocks

/// A request body of a declared length, read from the connection only as a route asks for it (so a refusal made from
/// the headers goes out before the body is sent), and never past its length.
struct LengthDelimitedBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let input: ConnectionInput
    let length: Int

    func makeAsyncIterator() -> Iterator { Iterator(input: input, remaining: length) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let input: ConnectionInput
        var remaining: Int

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard remaining > 0 else { return nil }
            let bytes = try await input.read(atMost: Swift.min(remaining, Swift.max(count, 1)))
            remaining -= bytes.count
            if remaining == 0 { await input.endBody() }
            return bytes
        }
    }
}
