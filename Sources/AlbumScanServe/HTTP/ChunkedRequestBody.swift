import FlyingSocks

/// A request body sent in chunks (RFC 9112, 7.1), read from the connection as a route asks for it, without the
/// framing. Its size lines and trailer fields are bounded, so a client cannot make it buffer more than a few KB; a
/// framing error is a 400.
struct ChunkedRequestBody: AsyncBufferedSequence {
    typealias Element = UInt8

    /// The longest chunk-size line, extensions included.
    static let maxSizeLineBytes = 1_024
    /// The most bytes of trailer fields after the last chunk.
    static let maxTrailerBytes = RequestHead.maxBytes

    let input: ConnectionInput

    func makeAsyncIterator() -> Iterator { Iterator(input: input) }

    static var malformed: APIError { .badRequest("the chunked request body is malformed") }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let input: ConnectionInput
        /// Bytes of the current chunk not yet read.
        private var chunkRemaining = 0
        private var finished = false

        init(input: ConnectionInput) {
            self.input = input
        }

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !finished else { return nil }
            if chunkRemaining == 0 {
                chunkRemaining = try await chunkSize()
                guard chunkRemaining > 0 else {
                    try await skipTrailers()
                    finished = true
                    await input.endBody()
                    return nil
                }
            }
            let bytes = try await input.read(atMost: Swift.min(chunkRemaining, Swift.max(count, 1)))
            chunkRemaining -= bytes.count
            // A chunk's data ends in a line end of its own.
            if chunkRemaining == 0, try await input.readLine(limit: 0) == nil { throw ChunkedRequestBody.malformed }
            return bytes
        }

        /// The next size line's size: hex digits, then any `;extension`, which is ignored.
        private func chunkSize() async throws -> Int {
            guard let line = try await input.readLine(limit: ChunkedRequestBody.maxSizeLineBytes) else {
                throw ChunkedRequestBody.malformed
            }
            var digits = line.prefix { $0 != ASCII.semicolon }[...]
            while let last = digits.last, ASCII.isBlank(last) { digits = digits.dropLast() }
            guard (1...15).contains(digits.count), digits.allSatisfy(ASCII.isHexDigit),
                let size = Int(ASCII.text(digits), radix: 16)
            else {
                throw ChunkedRequestBody.malformed
            }
            return size
        }

        /// Reads past the trailer fields to the blank line that ends the body.
        private func skipTrailers() async throws {
            var total = 0
            while true {
                guard let line = try await input.readLine(limit: ChunkedRequestBody.maxTrailerBytes) else {
                    throw ChunkedRequestBody.malformed
                }
                if line.isEmpty { return }
                total += line.count + 2
                guard total <= ChunkedRequestBody.maxTrailerBytes else { throw ChunkedRequestBody.malformed }
            }
        }
    }
}
