import Foundation

/// Serialises a `FakeResponse` and delivers it with its fault behaviour.
struct HTTPResponseWriter {
    let fd: Int32
    let wake: Int32

    /// Delivers `response` after `latency`; false when the connection must close.
    func deliver(_ response: FakeResponse, latency: Duration, omitBody: Bool, keepAlive: Bool) -> Bool {
        if pause(latency + response.delay) == false { return false }
        switch response.behaviour {
        case .closeWithoutResponse:
            return false
        case .stall:
            _ = POSIXSocket.wait(-1, wake: wake, timeoutMs: -1)
            return false
        case .trickle(let bytesPerSecond):
            let bytes = Self.serialise(response, omitBody: omitBody, keepAlive: keepAlive)
            return trickle(bytes, bytesPerSecond: max(1, bytesPerSecond)) && keepAlive
        case .normal:
            let bytes = Self.serialise(response, omitBody: omitBody, keepAlive: keepAlive)
            return POSIXSocket.sendAll(fd, bytes[...]) && keepAlive
        }
    }

    /// Sends the interim `100 Continue` answer.
    func sendContinue() {
        _ = POSIXSocket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)[...])
    }

    /// Waits `duration` unless the server stops first; false if it stopped.
    private func pause(_ duration: Duration) -> Bool {
        let milliseconds = POSIXSocket.milliseconds(duration)
        guard milliseconds > 0 else { return true }
        return POSIXSocket.wait(-1, wake: wake, timeoutMs: Int32(clamping: milliseconds)) == .timedOut
    }

    private func trickle(_ bytes: [UInt8], bytesPerSecond: Int) -> Bool {
        let tick = 50
        let perTick = max(1, bytesPerSecond * tick / 1000)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + perTick)
            guard POSIXSocket.sendAll(fd, bytes[offset..<end]) else { return false }
            offset = end
            if offset < bytes.count, pause(.milliseconds(tick)) == false { return false }
        }
        return true
    }

    /// The wire bytes of `response`: status line, headers, blank line, body.
    static func serialise(_ response: FakeResponse, omitBody: Bool, keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        var headers = response.headers
        if response.header("Content-Length") == nil { headers["Content-Length"] = String(response.body.count) }
        if response.header("Connection") == nil { headers["Connection"] = keepAlive ? "keep-alive" : "close" }
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (omitBody ? [] : [UInt8](response.body))
    }

    /// The reason phrase for `status`.
    static func reason(_ status: Int) -> String {
        let phrases = [
            200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found",
            304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
            401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 413: "Payload Too Large", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[status] ?? "Status \(status)"
    }
}
