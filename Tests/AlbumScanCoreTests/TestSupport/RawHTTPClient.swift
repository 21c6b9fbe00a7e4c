import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response read off a raw socket.
struct RawHTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why the raw client gave up.
struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

/// A URLSession-free HTTP/1.1 client on one TCP connection, so tests see exactly what goes over the wire.
final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds.
    init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard fd >= 0, connected == 0 else { throw RawHTTPError(description: "connect to port \(port) failed") }
    }

    deinit { close(fd) }

    /// Sends raw bytes.
    func send(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw RawHTTPError(description: "send failed") }
    }

    /// Sends raw text.
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends one request (with Host and Content-Length) and reads its response.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()
    ) throws -> RawHTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + [UInt8](body))
        return try readResponse(omitBody: method == "HEAD")
    }

    /// Reads one response (Content-Length framed).
    func readResponse(omitBody: Bool = false) throws -> RawHTTPResponse {
        let head = try readHead()
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw RawHTTPError(description: "bad status line \(lines[0].debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = omitBody ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard try fill() else { throw RawHTTPError(description: "closed mid-body") }
        }
        let body = Data(buffer[0..<length])
        buffer.removeFirst(length)
        return RawHTTPResponse(status: status, headers: headers, body: body)
    }

    /// Reads the status line and headers up to the blank line.
    func readHead() throws -> String {
        while true {
            if let end = (0..<max(0, buffer.count - 3)).first(where: { buffer[$0...$0 + 3] == [13, 10, 13, 10] }) {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return head
            }
            guard try fill() else { throw RawHTTPError(description: "closed before a response head") }
        }
    }

    /// Whether the server closed the connection (true) before sending anything more.
    func readsEndOfStream() throws -> Bool {
        guard buffer.isEmpty else { return false }
        return try !fill()
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw RawHTTPError(description: "read timed out or failed (errno \(errno))") }
        buffer += chunk[0..<count]
        return count > 0
    }
}

/// One-shot requests by URL, each on a fresh connection.
enum RawHTTP {
    /// Sends `method` to `url` (an `http://127.0.0.1:PORT/...` URL) and returns the response.
    static func fetch(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: Data = Data()
    ) throws -> RawHTTPResponse {
        guard let components = URLComponents(string: url), let port = components.port else {
            throw RawHTTPError(description: "not a loopback URL: \(url)")
        }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        return try RawHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }
}
