import Foundation

/// Reads HTTP/1.x requests one after another from a connected socket.
struct HTTPRequestReader {
    /// What the next read produced.
    enum Outcome {
        case request(FakeRequest, keepAlive: Bool)
        case closed
        case malformed(String)
    }

    static let maxHeadBytes = 64 * 1024
    static let maxBodyBytes = 256 * 1024 * 1024

    let fd: Int32
    let wake: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32, wake: Int32) {
        self.fd = fd
        self.wake = wake
    }

    /// Reads the next request; `sendContinue` answers `Expect: 100-continue` before the body.
    mutating func next(connectionID: Int, sequence: Int, sendContinue: () -> Void) -> Outcome {
        guard let headBytes = readHead() else { return buffer.count > Self.maxHeadBytes ? .malformed("head too large") : .closed }
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return .malformed("bad request line") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .malformed("bad header line") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        if headers["expect"]?.lowercased() == "100-continue" { sendContinue() }
        let body: [UInt8]?
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = readChunkedBody()
        } else if let length = headers["content-length"] {
            guard let count = Int(length), (0...Self.maxBodyBytes).contains(count) else { return .malformed("bad length") }
            body = readExactly(count)
        } else {
            body = []
        }
        guard let body else { return .closed }
        let version = String(requestLine[2])
        let connection = headers["connection"]?.lowercased() ?? ""
        let keepAlive = version == "HTTP/1.0" ? connection.contains("keep-alive") : !connection.contains("close")
        let request = FakeRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), version: version, headers: headers,
            body: Data(body), receivedAt: Date(), connectionID: connectionID, sequenceOnConnection: sequence)
        return .request(request, keepAlive: keepAlive)
    }

    private mutating func readHead() -> [UInt8]? {
        var searchFrom = 0
        while true {
            if buffer.count >= 4 {
                for index in searchFrom...(buffer.count - 4)
                where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                    let head = Array(buffer[0..<index])
                    buffer.removeFirst(index + 4)
                    return head
                }
                searchFrom = buffer.count - 3
            }
            guard buffer.count <= Self.maxHeadBytes, fill() else { return nil }
        }
    }

    private mutating func readExactly(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    private mutating func readLine() -> String? {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard buffer.count <= Self.maxHeadBytes, fill() else { return nil }
        }
    }

    private mutating func readChunkedBody() -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            guard let sizeLine = readLine() else { return nil }
            let hex = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(hex, radix: 16), size >= 0, body.count + size <= Self.maxBodyBytes else { return nil }
            if size == 0 {
                while let trailer = readLine(), !trailer.isEmpty {}
                return body
            }
            guard let chunk = readExactly(size), readLine() != nil else { return nil }
            body += chunk
        }
    }

    /// Appends whatever the socket has; false on end of stream, error or server stop.
    private mutating func fill() -> Bool {
        guard POSIXSocket.wait(fd, wake: wake, timeoutMs: -1) == .readable,
            let chunk = POSIXSocket.receive(fd)
        else { return false }
        buffer += chunk
        return true
    }
}
