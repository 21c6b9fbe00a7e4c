import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 client for the serve group (the bench is its own process, so blocking is free here): one
/// request per connection, the answer read to its length.
struct ServeClient {
    let port: UInt16
    var headers: [String: String] = [:]

    struct Answer {
        var status: Int
        var body: Data
        func object() -> [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    func send(_ method: String, _ path: String, body: Data? = nil) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        let fd = try connected()
        defer { close(fd) }
        var bytes = [UInt8](head.utf8)
        if let body { bytes += body }
        let received = Self.exchange(fd, Data(bytes))
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw BenchError("albumscan serve answered no HTTP") }
        let status = Int(text[..<split.lowerBound].split(separator: " ").dropFirst().first ?? "") ?? 0
        let headLength = text[..<split.upperBound].utf8.count
        return Answer(status: status, body: Data(received[headLength...]))
    }

    /// A new paired client: its cookie, and the Origin a page of this server sends.
    static func paired(port: UInt16, token: String) throws -> ServeClient {
        let answer = try ServeClient(port: port).sendRaw("/pair?token=\(token)")
        guard let cookie = answer.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("set-cookie:") })
        else { throw BenchError("pairing gave no cookie") }
        let value = cookie.dropFirst("set-cookie:".count).split(separator: ";")[0].trimmingCharacters(in: .whitespaces)
        return ServeClient(port: port, headers: ["Cookie": value, "Origin": "http://127.0.0.1:\(port)"])
    }

    /// A GET's head as text (for the pairing answer's headers).
    private func sendRaw(_ path: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let head = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = head.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Opens this client's event stream (as the page does) and returns its socket once the stream is open.
    func openEvents() throws -> Int32 {
        let fd = try connected()
        var head = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var text = ""
        while !text.contains(": connected") {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { throw BenchError("the event stream closed before it opened") }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return fd
    }

    /// Reads the stream until `count` result events arrived; how many of them were identified scans.
    func waitForResults(_ fd: Int32, count: Int) -> Int {
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while text.components(separatedBy: "event: result").count - 1 < count {
            let received = recv(fd, &buffer, buffer.count, 0)
            guard received > 0 else { break }
            text += String(decoding: buffer[0..<received], as: UTF8.self)
        }
        close(fd)
        return text.components(separatedBy: #""status":"identified""#).count - 1
    }

    private func connected() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw BenchError("cannot connect to albumscan serve on port \(port)")
        }
        return fd
    }

    /// Posts a photo; the job id of a 202, nil for any refusal.
    func post(_ photo: Data, query: String = "") throws -> (status: Int, job: String?) {
        let answer = try send("POST", "/api/scans\(query.isEmpty ? "" : "?" + query)", body: photo)
        return (answer.status, answer.object()?["job"] as? String)
    }

    /// Waits (polling every `every` seconds) until the job is done; its result.
    func waitForJob(_ id: String, every: Double = 0.005, timeout: Double = 300) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let job = try send("GET", "/api/jobs/\(id)").object(), job["state"] as? String == "done" {
                return job["result"] as? [String: Any] ?? [:]
            }
            usleep(useconds_t(every * 1_000_000))
        }
        throw BenchError("job \(id) did not finish in \(Int(timeout)) s")
    }

    /// Sends raw bytes on a new connection and reads until the server closes it: the status it answered (0 for
    /// none) and the seconds from connecting to the close.
    func sendWhole(_ bytes: Data) throws -> (status: Int, seconds: Double) {
        let started = Date()
        let fd = try connected()
        defer { close(fd) }
        let received = Self.exchange(fd, bytes)
        let status = Int(String(decoding: received.prefix(12), as: UTF8.self).split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, Date().timeIntervalSince(started))
    }

    /// Sends `bytes` (as far as the server reads them) and reads until the server closes the connection.
    private static func exchange(_ fd: Int32, _ bytes: Data) -> [UInt8] {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }
}
