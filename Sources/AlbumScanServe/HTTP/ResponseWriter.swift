import FlyingFox
import FlyingSocks
import Foundation

/// Writes a response as FlyingFox would: the status line, the headers in name order with `Content-Length` for a body
/// of known length or `Transfer-Encoding: chunked` for one without (whose sequence frames its chunks itself, as
/// `HTTPBodySequence(from:)` does), then the body as its sequence gives it.
enum ResponseWriter {
    /// A body this small goes out in one write with the head.
    static let coalescedBodyBytes = 65_536

    /// Writes `response` with `body`; the body only when `withBody` (not for a HEAD request).
    static func write(
        _ response: HTTPResponse, body: HTTPBodySequence, to socket: AsyncSocket, withBody: Bool
    ) async throws {
        var bytes = head(of: response, body: body)
        guard withBody else { return try await socket.write(bytes) }
        if let count = body.count, count <= coalescedBodyBytes {
            for try await chunk in body { bytes.append(chunk) }
            return try await socket.write(bytes)
        }
        try await socket.write(bytes)
        for try await chunk in body { try await socket.write(chunk) }
    }

    /// The status line and headers, and the blank line after them.
    static func head(of response: HTTPResponse, body: HTTPBodySequence) -> Data {
        var headers = response.headers
        if let count = body.count {
            if headers[.contentLength] == nil { headers[.contentLength] = String(count) }
        } else {
            headers[.transferEncoding] = "chunked"
        }
        var text = "\(response.version.rawValue) \(response.statusCode.code) \(response.statusCode.phrase)\r\n"
        for name in headers.keys.sorted(by: { $0.rawValue.lowercased() < $1.rawValue.lowercased() }) {
            for value in headers.values(for: name) { text += "\(name.rawValue): \(singleLine(value))\r\n" }
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// A value cannot end its header line early (and start another) whatever a route put in it.
    private static func singleLine(_ value: String) -> String {
        value.contains(where: \.isNewline) ? String(value.map { $0.isNewline ? " " : $0 }) : value
    }
}
