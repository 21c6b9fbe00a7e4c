/// Why a request got no HTTP response at all.
package enum HTTPTransportError: Error, Equatable, Sendable {
    /// The server's certificate was not trusted or the TLS handshake failed.
    case certificate(curlCode: Int)
    /// The host or proxy name did not resolve.
    case hostNotFound(curlCode: Int)
    /// The URL's scheme is not one the transport speaks (http and https).
    case unsupportedProtocol(curlCode: Int)
    /// Nothing accepted the connection.
    case connectionRefused(curlCode: Int)
    /// The connection broke while sending or receiving, or closed without an answer.
    case connectionLost(curlCode: Int)
    /// The whole-request deadline passed.
    case timedOut
    /// The body was larger than the request allowed.
    case responseTooLarge(limit: Int)
    /// A redirect chain went on past `Redirects.hopLimit`.
    case tooManyRedirects
    /// A redirect pointed somewhere other than http(s).
    case unsupportedRedirect(String)
    /// Replay found no recording for the request.
    case notRecorded(method: String, url: String)
    /// Any other libcurl failure, with curl's own message.
    case curl(code: Int, message: String)
    /// A failure outside libcurl, described in words.
    case failed(String)

    /// A short lowercase description for messages.
    package var summary: String {
        switch self {
        case .certificate(let code): "tls certificate or handshake rejected (curl \(code))"
        case .hostNotFound(let code): "could not resolve host (curl \(code))"
        case .unsupportedProtocol(let code): "unsupported protocol (curl \(code))"
        case .connectionRefused: "could not connect (connection refused)"
        case .connectionLost(let code): "connection lost (curl \(code))"
        case .timedOut: "timed out"
        case .responseTooLarge(let limit): "response larger than \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .unsupportedRedirect(let target): "refused redirect to \(target)"
        case .notRecorded(let method, let url): "no recording for \(method) \(URLRedaction.redact(url))"
        case .curl(let code, let message): "\(message.lowercased()) (curl \(code))"
        case .failed(let why): why
        }
    }

    /// Whether the server could not be reached at all, as opposed to failing once reached: every later request to
    /// it would fail the same way.
    package var isUnreachable: Bool {
        switch self {
        case .hostNotFound, .connectionRefused, .certificate, .unsupportedProtocol: true
        default: false
        }
    }

    /// The error a model request that failed this way ends the scan with.
    package func modelRequestError(_ description: String) -> AlbumScanError {
        isUnreachable ? .serviceUnreachable(description) : .serviceFailed(description)
    }

    /// The libcurl result code behind the error, when libcurl reported it.
    package var curlCode: Int? {
        switch self {
        case .certificate(let code), .hostNotFound(let code), .unsupportedProtocol(let code),
            .connectionRefused(let code), .connectionLost(let code), .curl(let code, _):
            code
        default: nil
        }
    }
}
