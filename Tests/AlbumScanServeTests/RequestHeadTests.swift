import AlbumScanServe
import Testing

/// The request-head parser on its own, no sockets: what it makes of heads whole and byte by byte, its limits, and
/// the work it does (linear in the bytes, however they arrive).
@Suite struct RequestHeadTests {
    typealias Field = RequestHead.Field

    /// A head with `fields`, each `Name: value` on a CRLF line.
    static func head(_ fields: [String], requestLine: String = "GET / HTTP/1.1", end: String = "\r\n") -> [UInt8] {
        Array((([requestLine] + fields).map { $0 + end }.joined() + end).utf8)
    }

    /// A head of exactly `bytes` bytes, padded in one field.
    static func head(bytes: Int) -> [UInt8] {
        let bare = head(["Host: a", "X-Pad: "])
        return head(["Host: a", "X-Pad: " + String(repeating: "p", count: bytes - bare.count)])
    }

    /// A head with `count` fields.
    static func head(fields count: Int) -> [UInt8] {
        head(["Host: a"] + (1..<count).map { "X-Field-\($0): v" })
    }

    static func parse(_ bytes: [UInt8]) -> RequestHeadParser.Progress {
        var parser = RequestHeadParser()
        return parser.feed(bytes)
    }

    /// Fed one byte at a time, until it says anything but `.needMore`.
    static func parseByteAtATime(_ bytes: [UInt8]) -> (RequestHeadParser.Progress, RequestHeadParser) {
        var parser = RequestHeadParser()
        for byte in bytes {
            let progress = parser.feed([byte])
            if progress != .needMore { return (progress, parser) }
        }
        return (.needMore, parser)
    }

    static let complete: [(String, [UInt8], RequestHead, leftover: [UInt8])] = [
        (
            "CRLF lines", head(["Host: a", "Accept: */*"]),
            RequestHead(
                method: "GET", target: "/", version: "HTTP/1.1",
                fields: [Field(name: "Host", value: "a"), Field(name: "Accept", value: "*/*")]),
            []
        ),
        (
            "bare LF lines", head(["Host: a"], requestLine: "POST /api/scans?name=a.jpg HTTP/1.1", end: "\n"),
            RequestHead(
                method: "POST", target: "/api/scans?name=a.jpg", version: "HTTP/1.1",
                fields: [Field(name: "Host", value: "a")]),
            []
        ),
        (
            "blank lines before the request line", Array("\r\n\nGET / HTTP/1.0\r\n\r\n".utf8),
            RequestHead(method: "GET", target: "/", version: "HTTP/1.0", fields: []), []
        ),
        (
            "body bytes after the head are left over", Array("PUT /x HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET".utf8),
            RequestHead(
                method: "PUT", target: "/x", version: "HTTP/1.1", fields: [Field(name: "Content-Length", value: "3")]),
            Array("abcGET".utf8)
        ),
        (
            "values trimmed, empty values kept, names as sent", head(["host:\t a b \t", "X-Empty:", "Cookie: k=v; j=w"]),
            RequestHead(
                method: "GET", target: "/", version: "HTTP/1.1",
                fields: [
                    Field(name: "host", value: "a b"), Field(name: "X-Empty", value: ""),
                    Field(name: "Cookie", value: "k=v; j=w"),
                ]),
            []
        ),
    ]

    @Test("complete heads parse the same whole or byte by byte", arguments: 0..<complete.count)
    func completeHeads(_ index: Int) {
        let (name, bytes, expected, leftover) = Self.complete[index]
        #expect(Self.parse(bytes) == .complete(expected, leftover: leftover), "\(name)")
        // Byte by byte the head ends at its blank line, so nothing is left over yet.
        let (progress, _) = Self.parseByteAtATime(bytes)
        #expect(progress == .complete(expected, leftover: []), "\(name), byte by byte")
    }

    static let malformed: [(String, String)] = [
        ("two parts", "GET /\r\n\r\n"),
        ("two spaces", "GET  / HTTP/1.1\r\n\r\n"),
        ("another version", "GET / HTTP/2.0\r\n\r\n"),
        ("no version", "GET / \r\n\r\n"),
        ("a method that is not a token", "G{T / HTTP/1.1\r\n\r\n"),
        ("a control byte in the target", "GET /a\u{01}b HTTP/1.1\r\n\r\n"),
        ("a space before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n"),
        ("a folded line", "GET / HTTP/1.1\r\nX-A: a\r\n  b\r\n\r\n"),
        ("no colon", "GET / HTTP/1.1\r\nHost\r\n\r\n"),
        ("no name", "GET / HTTP/1.1\r\n: a\r\n\r\n"),
        ("a bare CR in a value", "GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n"),
        ("a NUL in a value", "GET / HTTP/1.1\r\nX-A: a\u{00}b\r\n\r\n"),
        ("not HTTP at all", "\u{16}\u{03}\u{01}\u{02}\u{00}\n"),
    ]

    @Test("heads that are not HTTP/1.x are malformed, whole or byte by byte", arguments: 0..<malformed.count)
    func malformedHeads(_ index: Int) {
        let (name, text) = Self.malformed[index]
        guard case .malformed = Self.parse(Array(text.utf8)) else {
            Issue.record("\(name): \(Self.parse(Array(text.utf8)))")
            return
        }
        guard case .malformed = Self.parseByteAtATime(Array(text.utf8)).0 else {
            Issue.record("\(name), byte by byte")
            return
        }
    }

    @Test("a head of exactly 16 KB and 100 fields parses; one byte or one field more is too large")
    func limits() {
        #expect(Self.head(bytes: RequestHead.maxBytes).count == 16_384)
        #expect(Self.parse(Self.head(bytes: RequestHead.maxBytes)) != .tooLarge)
        #expect(Self.parse(Self.head(bytes: RequestHead.maxBytes + 1)) == .tooLarge)
        guard case .complete(let head, _) = Self.parse(Self.head(fields: RequestHead.maxFields)) else {
            Issue.record("100 fields did not parse")
            return
        }
        #expect(head.fields.count == 100)
        #expect(Self.parse(Self.head(fields: RequestHead.maxFields + 1)) == .tooLarge)
        // Blank lines before the request line count toward the bytes.
        #expect(Self.parse(Array("\r\n".utf8) + Self.head(bytes: RequestHead.maxBytes - 1)) == .tooLarge)
    }

    @Test("a head over the limits is refused as soon as it is, not when (or if) it ends")
    func refusedEarly() {
        // One line that never ends: refused at the first byte past 16 KB.
        let endless = Array("GET / HTTP/1.1\r\nX-Pad: ".utf8) + [UInt8](repeating: 0x61, count: 40_000)
        var parser = RequestHeadParser()
        #expect(parser.feed(endless.prefix(RequestHead.maxBytes)) == .needMore)
        #expect(parser.feed(endless[RequestHead.maxBytes...].prefix(1)) == .tooLarge)
        // The 101st field is refused when its line ends, with no blank line yet.
        let fields = Self.head(fields: RequestHead.maxFields + 1).dropLast(2)
        let (progress, fed) = Self.parseByteAtATime(Array(fields))
        #expect(progress == .tooLarge)
        #expect(fed.bytesExamined <= 2 * fields.count)
    }

    @Test("fed a byte at a time, a 16 KB head costs work linear in its bytes")
    func linearWork() {
        for bytes in [Self.head(bytes: RequestHead.maxBytes), Self.head(fields: RequestHead.maxFields)] {
            let (progress, parser) = Self.parseByteAtATime(bytes)
            guard case .complete = progress else {
                Issue.record("\(progress)")
                continue
            }
            // Each byte looked at once for a line end, and once more in its line: the quadratic parser looked at
            // the 16 KB line's bytes about 8,000 times each.
            #expect(parser.bytesExamined <= 2 * bytes.count)
            var whole = RequestHeadParser()
            _ = whole.feed(bytes)
            #expect(whole.bytesExamined == parser.bytesExamined)
        }
    }
}
