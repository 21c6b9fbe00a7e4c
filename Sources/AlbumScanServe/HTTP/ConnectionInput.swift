import FlyingSocks

/// One connection's incoming bytes: the socket's, with the bytes read past the end of one part (a head, a chunk's
/// size line) kept for the next. It also knows whether the current request's body has been read to its end, which
/// a connection needs before it reads another request.
actor ConnectionInput {
    /// The most bytes one read of the socket asks for.
    static let readSize = 4_096

    private let socket: AsyncSocket
    /// Bytes read from the socket and not yet taken; those before `pendingStart` were taken.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// False from a body's start until its last byte is read.
    private(set) var bodyComplete = true

    init(socket: AsyncSocket) {
        self.socket = socket
    }

    /// Bytes are kept from an earlier read (a pipelined request).
    var hasPending: Bool { pendingStart < pending.count }

    /// Up to `count` bytes: kept ones if there are any, else at least one from the socket, waiting for it. Throws
    /// `SocketError.disconnected` when the client has closed, and `CancellationError` when the task is cancelled.
    func read(atMost count: Int) async throws -> [UInt8] {
        guard hasPending else { return try await socket.read(atMost: min(count, Self.readSize)) }
        let end = min(pendingStart + count, pending.count)
        let taken = Array(pending[pendingStart..<end])
        pendingStart = end
        if !hasPending { (pending, pendingStart) = ([], 0) }
        return taken
    }

    /// Keeps `bytes` to be read before anything else.
    func keep(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pending = bytes + pending[pendingStart...]
        pendingStart = 0
    }

    /// The next line, without its CRLF or LF; nil if it runs past `limit` bytes. Each byte is looked at once.
    func readLine(limit: Int) async throws -> [UInt8]? {
        var scanned = pendingStart
        while true {
            if let end = pending[scanned...].firstIndex(of: ASCII.lineFeed) {
                var line = pending[pendingStart..<end]
                if line.last == ASCII.carriageReturn { line = line.dropLast() }
                pendingStart = end + 1
                return line.count <= limit ? Array(line) : nil
            }
            guard pending.count - pendingStart <= limit else { return nil }
            if pendingStart > 0 { (pending, pendingStart) = (Array(pending[pendingStart...]), 0) }
            scanned = pending.count
            pending += try await socket.read(atMost: Self.readSize)
        }
    }

    /// A body starts: the connection is not ready for another request until `endBody`.
    func beginBody() { bodyComplete = false }

    /// The body's last byte has been read.
    func endBody() { bodyComplete = true }
}
