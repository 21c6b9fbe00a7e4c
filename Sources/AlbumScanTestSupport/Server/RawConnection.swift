import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One connection a test drives itself, for the server's limits on request heads: it sends any bytes, when it likes
/// (a head cut short, a head too large), and reads the answer or waits for the server to close. Blocking calls run
/// on threads of their own, as `RawHTTP`'s do.
package struct RawConnection: Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port`; a read waits at most `timeout` seconds.
    package static func open(port: UInt16, timeout: Double = 60) async throws -> RawConnection {
        try await RawHTTP.onThread { RawConnection(fd: try RawHTTP.connect(port: port, timeout: timeout)) }
    }

    /// Sends `bytes` as they are; stops quietly if the server has closed.
    package func send(_ bytes: Data) async throws {
        try await RawHTTP.onThread { [fd] in try RawHTTP.write(fd, bytes) }
    }

    /// Reads one answer.
    package func answer() async throws -> RawHTTP.Answer {
        try await RawHTTP.onThread { [fd] in try RawHTTP.readAnswer(fd) }
    }

    /// Reads until the server closes the connection: true if it did (an end or a reset) before the read time-out,
    /// false if the time-out came first. What it sent meanwhile is dropped.
    package func waitForClose() async throws -> Bool {
        try await RawHTTP.onThread { [fd] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 { continue }
                return count == 0 || errno == ECONNRESET
            }
        }
    }

    package func close() {
        _ = Glibc.close(fd)
    }
}

extension RawHTTP {
    /// Sends `bytes` as they are (a request written by the test, head and all) and reads the answer.
    package func send(raw bytes: Data, timeout: Double = 60) async throws -> Answer {
        let connection = try await RawConnection.open(port: port, timeout: timeout)
        defer { connection.close() }
        try await connection.send(bytes)
        return try await connection.answer()
    }
}
