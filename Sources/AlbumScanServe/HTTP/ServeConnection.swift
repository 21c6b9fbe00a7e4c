import FlyingFox
import FlyingSocks
import Foundation

/// One client connection: reads each request head within `RequestHead`'s limits and the connection's times, hands
/// the request to the router, writes the answer, and reads another request only when the client wants to, the
/// answer allows it and the body was read to its end.
struct ServeConnection: Sendable {
    /// After an answer that closes the connection, how long the client's further bytes are read and dropped, and
    /// how many: closing with unread bytes would reset the connection, and the client might lose the answer.
    static let lingerTime: Duration = .seconds(2)
    static let lingerBytes = 1_048_576

    let socket: AsyncSocket
    let handler: any HTTPHandler
    let timeouts: ConnectionTimeouts
    let activity: ConnectionActivity
    private let input: ConnectionInput
    private let remoteAddress: HTTPRequest.Address?

    init(socket: AsyncSocket, handler: any HTTPHandler, timeouts: ConnectionTimeouts, activity: ConnectionActivity) {
        self.socket = socket
        self.handler = handler
        self.timeouts = timeouts
        self.activity = activity
        input = ConnectionInput(socket: socket)
        remoteAddress = (try? socket.socket.remotePeer()).map(HTTPRequest.Address.make)
    }

    /// Serves requests until the client leaves, a time runs out, an answer closes the connection, or the server
    /// stops; then closes the socket.
    func run() async {
        var open = true
        while open, !activity.isStopping {
            switch await readHead() {
            case .head(let head):
                open = await activity.serving { await exchange(head) }
                if !open { await linger() }
            case .refused(let error):
                try? await write(error.response, withBody: true)
                await linger()
                open = false
            case .gone:
                open = false
            }
        }
        try? socket.close()
    }

    private enum HeadOutcome {
        case head(RequestHead)
        case refused(APIError)
        /// The client left, a time ran out, or the server is stopping: closed without an answer.
        case gone
    }

    /// The next request head: its first bytes within the idle time, the rest within the head time of them.
    private func readHead() async -> HeadOutcome {
        let input = input
        do {
            let first: [UInt8]
            if await input.hasPending {
                first = try await input.read(atMost: ConnectionInput.readSize)
            } else {
                first = try await withDeadline(.now + timeouts.idle) {
                    try await input.read(atMost: ConnectionInput.readSize)
                }
            }
            var parser = RequestHeadParser()
            var progress = parser.feed(first)
            if progress == .needMore {
                progress = try await withDeadline(.now + timeouts.head) { [parser] in
                    var parser = parser
                    var progress = RequestHeadParser.Progress.needMore
                    while progress == .needMore {
                        progress = parser.feed(try await input.read(atMost: ConnectionInput.readSize))
                    }
                    return progress
                }
            }
            switch progress {
            case .complete(let head, let leftover):
                await input.keep(leftover)
                return .head(head)
            case .tooLarge: return .refused(.headersTooLarge)
            case .malformed(let why): return .refused(Self.closing(.badRequest(why)))
            case .needMore: return .gone
            }
        } catch {
            return .gone
        }
    }

    /// Answers one request; says whether the connection may carry another.
    private func exchange(_ head: RequestHead) async -> Bool {
        let framing: RequestFraming
        do {
            framing = try RequestFraming(head)
        } catch {
            try? await write(Self.closing(error).response, withBody: head.method != "HEAD")
            return false
        }
        let body: HTTPBodySequence
        switch framing.body {
        case .none: body = HTTPBodySequence()
        case .length(let length):
            await input.beginBody()
            body = HTTPBodySequence(from: LengthDelimitedBody(input: input, length: length), count: length)
        case .chunked:
            await input.beginBody()
            // HTTPBodySequence has no public way to say "length unknown" for bytes it does not chunk itself; nothing
            // reads this count (BodyReader goes by Content-Length and the bytes).
            body = HTTPBodySequence(from: ChunkedRequestBody(input: input), count: Int.max)
        }
        var response = await respond(to: HTTPRequest(head: head, body: body, remoteAddress: remoteAddress))
        let closes = response.headers[.connection]?.lowercased().contains("close") ?? false
        let bodyRead = await input.bodyComplete
        let keepAlive = framing.keepAlive && bodyRead && !closes && !activity.isStopping
        response.headers[.connection] = keepAlive ? (head.version == "HTTP/1.0" ? "keep-alive" : nil) : "close"
        do {
            try await write(response, withBody: head.method != "HEAD")
            return keepAlive
        } catch {
            return false
        }
    }

    /// The router's answer; a route that throws or runs past the handler time is a 500.
    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        let handler = handler
        do {
            return try await withDeadline(.now + timeouts.handler) { try await handler.handleRequest(request) }
        } catch is DeadlinePassed {
            return APIError.internalError("the request took over \(timeouts.handler) to answer").response
        } catch {
            return APIError.internalError("the server failed; see its log").response
        }
    }

    private func write(_ response: HTTPResponse, withBody: Bool) async throws {
        guard case .httpBody(let body) = response.payload else {
            return try await write(Self.closing(.internalError("the server failed")).response, withBody: withBody)
        }
        try await ResponseWriter.write(response, body: body, to: socket, withBody: withBody)
    }

    /// Ends the sending side, then reads and drops what the client still sends, for a short time and up to a
    /// bound, so the answer reaches it before the socket is closed.
    private func linger() async {
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
        let input = input
        _ = try? await withDeadline(.now + Self.lingerTime) {
            var drained = 0
            while drained < Self.lingerBytes { drained += try await input.read(atMost: ConnectionInput.readSize).count }
        }
    }

    private static func closing(_ error: APIError) -> APIError {
        var error = error
        error.headers[.connection] = "close"
        return error
    }
}
