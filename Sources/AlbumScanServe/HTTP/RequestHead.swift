/// A request's line and header fields, as sent, before anything reads them: what `RequestHeadParser` gives.
package struct RequestHead: Sendable, Equatable {
    /// The largest head, in bytes: the request line, the fields and the blank line that ends them (and any blank
    /// lines before the request line). Over it the answer is 431.
    package static let maxBytes = 16_384
    /// The most header fields a head may have. Over it the answer is 431.
    package static let maxFields = 100

    /// One header field, its name as sent and its value without the whitespace around it.
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package var method: String
    package var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    package var fields: [Field]

    package init(method: String, target: String, version: String, fields: [Field]) {
        (self.method, self.target, self.version, self.fields) = (method, target, version, fields)
    }
}

/// Parses a request head from bytes as they arrive, in time linear in their number: each new byte is looked at once
/// for a line end, and each line once more when it is complete. Lines end in CRLF or a bare LF. It stops at the
/// limits in `RequestHead`, whatever the bytes still to come.
package struct RequestHeadParser {
    /// What the bytes fed so far amount to.
    package enum Progress: Equatable, Sendable {
        /// The head has not ended yet, and is within the limits.
        case needMore
        /// The head, and the bytes after it (the start of a body, or of the next request).
        case complete(RequestHead, leftover: [UInt8])
        /// Over `RequestHead.maxBytes` or `RequestHead.maxFields`: 431.
        case tooLarge
        /// Not an HTTP/1.x request head: 400, with why.
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    /// Where the current line starts in `buffer`; every byte before it has been parsed.
    private var lineStart = 0
    /// Every byte before it has been looked at for a line end.
    private var scanned = 0
    private var requestLine: (method: String, target: String, version: String)?
    private var fields: [RequestHead.Field] = []
    /// Bytes looked at so far, each time one is: the measure of the parser's work (tests check it stays linear).
    package private(set) var bytesExamined = 0

    package init() {}

    /// Takes the next bytes received. Once it has said anything but `.needMore`, it is not fed again.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> Progress {
        buffer.append(contentsOf: bytes)
        while let end = buffer[scanned...].firstIndex(of: ASCII.lineFeed) {
            bytesExamined += end + 1 - scanned
            scanned = end + 1
            guard scanned <= RequestHead.maxBytes else { return .tooLarge }
            var line = buffer[lineStart..<end]
            if line.last == ASCII.carriageReturn { line = line.dropLast() }
            lineStart = scanned
            bytesExamined += line.count
            if let progress = take(line) { return progress }
        }
        bytesExamined += buffer.count - scanned
        scanned = buffer.count
        return buffer.count > RequestHead.maxBytes ? .tooLarge : .needMore
    }

    /// Takes one whole line (without its line end); says what the head amounts to if the line decides it.
    private mutating func take(_ line: ArraySlice<UInt8>) -> Progress? {
        guard let requestLine else {
            // Blank lines before the request line are ignored (RFC 9112, 2.2).
            if line.isEmpty { return nil }
            guard let parsed = Self.requestLine(line) else {
                return .malformed("the request line is not METHOD TARGET HTTP/1.x")
            }
            self.requestLine = parsed
            return nil
        }
        if line.isEmpty {
            let head = RequestHead(
                method: requestLine.method, target: requestLine.target, version: requestLine.version, fields: fields)
            return .complete(head, leftover: Array(buffer[lineStart...]))
        }
        guard fields.count < RequestHead.maxFields else { return .tooLarge }
        guard let field = Self.field(line) else { return .malformed("a header line is not NAME: VALUE") }
        fields.append(field)
        return nil
    }

    /// `METHOD TARGET HTTP/1.x`, single spaces between.
    private static func requestLine(_ line: ArraySlice<UInt8>) -> (method: String, target: String, version: String)? {
        let parts = line.split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(ASCII.isToken),
            !parts[1].isEmpty, parts[1].allSatisfy({ !ASCII.isControl($0) }),
            parts[2].elementsEqual("HTTP/1.1".utf8) || parts[2].elementsEqual("HTTP/1.0".utf8)
        else { return nil }
        return (ASCII.text(parts[0]), ASCII.text(parts[1]), ASCII.text(parts[2]))
    }

    /// `NAME: VALUE`: a token for a name with no space before the colon (so no obsolete folded lines), a value with
    /// no control characters but tabs.
    private static func field(_ line: ArraySlice<UInt8>) -> RequestHead.Field? {
        guard let colon = line.firstIndex(of: ASCII.colon) else { return nil }
        let name = line[..<colon]
        var value = line[(colon + 1)...]
        guard !name.isEmpty, name.allSatisfy(ASCII.isToken) else { return nil }
        while let first = value.first, ASCII.isBlank(first) { value = value.dropFirst() }
        while let last = value.last, ASCII.isBlank(last) { value = value.dropLast() }
        guard value.allSatisfy({ !ASCII.isControl($0) || $0 == ASCII.tab }) else { return nil }
        return RequestHead.Field(name: ASCII.text(name), value: ASCII.text(value))
    }
}

/// The bytes and byte classes of HTTP's syntax.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B

    /// A character of a token (RFC 9110, 5.6.2): a method's or a field name's.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: tokenPunctuation.contains(byte)
        }
    }

    private static let tokenPunctuation = Array("!#$%&'*+-.^_`|~".utf8)

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66: true
        default: false
        }
    }

    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// Bytes as text (UTF-8; a byte that is not becomes U+FFFD).
    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
