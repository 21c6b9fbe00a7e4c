import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP port held listening by this test, so a `serve` asked to listen on it cannot; held until `release`.
struct OccupiedPort {
    private let descriptor: Int32
    /// The port held, on 127.0.0.1.
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound, listen(descriptor, 1) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw CLIFixtureError(message: "no loopback port could be held")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Stops listening and frees the port.
    func release() { close(descriptor) }
}
