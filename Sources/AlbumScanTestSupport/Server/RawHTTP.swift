import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client over a socket, so a test controls every byte (a length with no body, a Host or Origin of
/// its choosing) and reads the answer as sent. Runs on a thread of its own: a blocking read must not hold one of the
/// cooperative pool's few threads while the server needs them.
package struct RawHTTP: Sendable {
    package let port: UInt16

    package init(port: UInt16) { self.port = port }

    /// An answer: status, headers (lowercased names), body.
    package struct Answer: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: Data
        package var text: String { String(decoding: body, as: UTF8.self) }
        package func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }
    }

    /// Sends a request and reads the whole answer (by Content-Length, chunked, or to the connection's end).
    package func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, host: String? = nil,
        declaredLength: Int? = nil, timeout: Double = 60
    ) async throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let length = declaredLength ?? body?.count, length >= 0 { head += "Content-Length: \(length)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if let body { bytes.append(body) }
        let request = bytes
        let port = self.port
        return try await Self.onThread {
            let fd = try Self.connect(port: port, timeout: timeout)
            defer { close(fd) }
            try Self.write(fd, request)
            return try Self.readAnswer(fd)
        }
    }

    /// Opens the event stream and reads until `until` says the events so far are enough (or the timeout); returns
    /// the events' text.
    package func events(cookie: String, origin: String? = nil, timeout: Double = 60, until: @escaping @Sendable (String) -> Bool)
        async throws -> String
    {
        var head = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        head += "\r\n"
        let request = Data(head.utf8)
        let port = self.port
        return try await Self.onThread {
            let fd = try Self.connect(port: port, timeout: timeout)
            defer { close(fd) }
            try Self.write(fd, request)
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // The events as the stream's client sees them: after the head, with the chunked framing taken off.
            func events() -> String {
                let text = String(decoding: received, as: UTF8.self)
                guard let head = text.range(of: "\r\n\r\n") else { return "" }
                return String(decoding: Self.dechunk(Array(text[head.upperBound...].utf8)), as: UTF8.self)
            }
            while !until(events()) {
                let count = recv(fd, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            return events()
        }
    }

    /// Opens a connection for a stream the test drives itself (events while it posts).
    package static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.start()
        }
    }

    static func connect(port: UInt16, timeout: Double) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw HTTPTestError("connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
        return fd
    }

    static func write(_ fd: Int32, _ data: Data) throws {
        var sent = 0
        let bytes = [UInt8](data)
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413) and close before the body is all sent: that is an answer, not a failure.
            guard count > 0 else { return }
            sent += count
        }
    }

    static func readAnswer(_ fd: Int32) throws -> Answer {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func headEnd() -> Int? {
            guard received.count >= 4 else { return nil }
            for index in 0...(received.count - 4)
            where received[index] == 13 && received[index + 1] == 10 && received[index + 2] == 13 && received[index + 3] == 10 {
                return index
            }
            return nil
        }
        var end: Int?
        while end == nil {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { throw HTTPTestError("the connection closed before an answer (errno \(errno))") }
            received += buffer[0..<count]
            end = headEnd()
        }
        let headText = String(decoding: received[0..<end!], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        var body = Array(received[(end! + 4)...])
        let length = headers["content-length"].flatMap(Int.init)
        while length.map({ body.count < $0 }) ?? true {
            if headers["transfer-encoding"] == "chunked", body.suffix(5) == Array("0\r\n\r\n".utf8) { break }
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            body += buffer[0..<count]
        }
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Answer(status: status, headers: headers, body: Data(body))
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        var index = 0
        while index < bytes.count {
            guard let lineEnd = (index..<(bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0
            else { break }
            let start = lineEnd + 2
            output += bytes[start..<min(start + size, bytes.count)]
            index = start + size + 2
        }
        return output
    }
}

/// A failure of the test client itself.
package struct HTTPTestError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
