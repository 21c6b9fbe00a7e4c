import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a whole buffer with `write(2)`: retries interrupted and short writes, stops at the first real error.
package enum DescriptorWrite {
    /// A `write(2)`-shaped call: the bytes written, or -1 with the error number.
    package typealias Call = (UnsafeRawPointer, Int) -> (count: Int, error: Int32)

    /// Zero-byte writes in a row after which the descriptor counts as broken (write(2) should never do this).
    static let maxStalls = 64

    /// Writes all of `bytes` through `call`; returns the errno that stopped it, or nil when all was written.
    package static func all(_ bytes: UnsafeRawBufferPointer, using call: Call) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        var stalls = 0
        while offset < bytes.count {
            let (count, error) = call(base + offset, bytes.count - offset)
            if count < 0 {
                if error == EINTR { continue }
                return error
            }
            if count == 0 {
                stalls += 1
                if stalls >= maxStalls { return EIO }
                continue
            }
            stalls = 0
            offset += count
        }
        return nil
    }

    /// Writes all of `data` to `descriptor`, waiting out a non-blocking descriptor that is full.
    package static func all(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes in
            all(bytes) { pointer, count in
                let written = write(descriptor, pointer, count)
                guard written < 0 else { return (written, 0) }
                let error = errno
                // A descriptor inherited in non-blocking mode: wait until it takes more, then try again.
                if error == EAGAIN || error == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    return (-1, EINTR)
                }
                return (-1, error)
            }
        }
    }

    /// The text of an error number, starting lower-case for one-line messages.
    package static func describe(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
