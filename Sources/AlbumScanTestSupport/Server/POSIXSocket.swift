import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the loopback server needs.
enum POSIXSocket {
    /// What a wait on a socket ended with.
    enum Wait {
        case readable
        case woken
        case timedOut
    }

    /// Opens a listening TCP socket on 127.0.0.1 with a kernel-chosen port.
    static func makeListener() throws -> (fd: Int32, port: Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackServerError(call: "socket", code: errno) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError(call: "bind/listen", code: code)
        }
        var actual = sockaddr_in()
        var actualLength = length
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError(call: "getsockname", code: code)
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// Waits until `fd` is readable, `wake` fires, or `timeoutMs` passes (-1 waits forever).
    static func wait(_ fd: Int32, wake: Int32, timeoutMs: Int32) -> Wait {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), timeoutMs)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[0].revents != 0 { return .woken }
            return ready == 0 ? .timedOut : .readable
        }
    }

    /// Sends every byte, returning false when the peer is gone or the socket was shut down.
    static func sendAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads up to `capacity` bytes; nil on end of stream or error.
    static func receive(_ fd: Int32, capacity: Int = 65_536) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(chunk[0..<count])
        }
    }

    /// Milliseconds in `duration`, rounded up so short delays are not lost.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
