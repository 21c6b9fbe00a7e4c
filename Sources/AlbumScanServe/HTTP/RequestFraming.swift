import FlyingFox
import Foundation

/// What a request head says about the bytes after it and the connection: how the body is delimited, and whether the
/// client wants to send another request on the same connection. A head that frames its body ambiguously (both a
/// length and a transfer coding, lengths that differ, a coding other than chunked) is a 400: guessing is how
/// requests get smuggled past one reader to another.
struct RequestFraming: Equatable {
    enum Body: Equatable {
        case none
        case length(Int)
        case chunked
    }

    var body: Body
    /// HTTP/1.1 without `Connection: close`, or HTTP/1.0 with `Connection: keep-alive` (RFC 9112, 9.3).
    var keepAlive: Bool

    init(_ head: RequestHead) throws(APIError) {
        let lengths = Self.values(of: "Content-Length", in: head)
        let codings = Self.values(of: "Transfer-Encoding", in: head).map { $0.lowercased() }
        let connection = Self.values(of: "Connection", in: head).map { $0.lowercased() }
        guard head.fields.filter({ $0.name.caseInsensitiveCompare("Host") == .orderedSame }).count <= 1 else {
            throw .badRequest("the request has more than one Host")
        }
        switch (lengths.isEmpty, codings.isEmpty) {
        case (true, true): body = .none
        case (false, true):
            guard let length = Int(lengths[0]), length >= 0, lengths[0].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                Set(lengths).count == 1
            else { throw .badRequest("the request's Content-Length is not one number") }
            body = length == 0 ? .none : .length(length)
        case (true, false):
            guard codings == ["chunked"] else { throw .badRequest("the only transfer coding accepted is chunked") }
            body = .chunked
        case (false, false): throw .badRequest("the request has both a Content-Length and a Transfer-Encoding")
        }
        keepAlive = head.version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// A field's values, its lines' comma-separated lists taken apart.
    private static func values(of name: String, in head: RequestHead) -> [String] {
        head.fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.flatMap { field in
            field.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }
}

extension HTTPRequest {
    /// The request a head and its body make, for the router.
    init(head: RequestHead, body: HTTPBodySequence, remoteAddress: HTTPRequest.Address?) {
        var headers = HTTPHeaders()
        for field in head.fields { headers.addValue(field.value, for: HTTPHeader(field.name)) }
        let target = head.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(
            method: HTTPMethod(head.method), version: HTTPVersion(head.version),
            target: Target(path: String(target[0]), query: target.count > 1 ? String(target[1]) : ""),
            headers: headers, body: body, remoteAddress: remoteAddress)
    }
}
