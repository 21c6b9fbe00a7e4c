import CCurl
import Foundation

/// Owns one libcurl easy handle and everything it points at while a transfer runs.
///
/// Only the event loop's thread touches it. A handle is reset and reused for the next request.
final class CurlEasy {
    /// The raw handle, for adding to and removing from the multi handle.
    let handle: UnsafeMutableRawPointer?
    private var sink = ResponseSink(limit: 0)
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body: UnsafeMutableRawBufferPointer?

    init() {
        handle = albumscan_curl_easy_init()
    }

    deinit {
        release()
        albumscan_curl_easy_cleanup(handle)
    }

    /// Sets the handle up for `request`; the transfer itself runs on the multi handle.
    func prepare(_ request: HTTPRequest) throws {
        guard let handle else { throw HTTPTransportError.failed("libcurl could not start") }
        albumscan_curl_easy_reset(handle)
        release()
        sink = ResponseSink(limit: request.maxResponseBytes)
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = albumscan_curl_slist_append(headerList, "\(name): \(value)")
        }
        // An empty Expect stops curl from waiting for "100 Continue" on large POST bodies.
        headerList = albumscan_curl_slist_append(headerList, "Expect:")
        let timeoutMs = Self.timeoutMilliseconds(request.timeout)
        albumscan_curl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        albumscan_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        albumscan_curl_set_long(handle, CURLOPT_TIMEOUT_MS, timeoutMs)
        albumscan_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMs, 10_000))
        albumscan_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        albumscan_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        albumscan_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        albumscan_curl_set_slist(handle, CURLOPT_HTTPHEADER, headerList)
        albumscan_curl_set_write(handle, curlCollectBody, sinkPointer)
        albumscan_curl_set_header_cb(handle, curlCollectHeader, sinkPointer)
        if request.method == "GET" {
            albumscan_curl_set_long(handle, CURLOPT_HTTPGET, 1)
        } else {
            let bytes = request.body ?? Data()
            // curl reads the body while the transfer runs, long after this call returns.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
            bytes.copyBytes(to: buffer)
            body = buffer
            albumscan_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
            albumscan_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            albumscan_curl_set_pointer(handle, CURLOPT_POSTFIELDS, buffer.baseAddress)
        }
    }

    /// The response, or the error, for a transfer that curl reported done with `code`.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        defer { release() }
        if sink.overflowed { return .failure(HTTPTransportError.responseTooLarge(limit: sink.limit)) }
        guard code == CURLE_OK else {
            let message = String(cString: albumscan_curl_easy_strerror(code))
            return .failure(HTTPTransportError.classify(curlCode: Int(code.rawValue), message: message))
        }
        return .success(HTTPResponse(status: albumscan_curl_status(handle), headers: sink.headers, body: sink.body))
    }

    /// Frees what the last request needed; the collected response is dropped.
    func release() {
        albumscan_curl_slist_free_all(headerList)
        headerList = nil
        body?.deallocate()
        body = nil
        sink = ResponseSink(limit: 0)
    }

    /// A request timeout in whole milliseconds for curl: at least 1, and clamped instead of trapping.
    static func timeoutMilliseconds(_ seconds: TimeInterval) -> Int {
        let milliseconds = seconds * 1000
        guard milliseconds >= 1 else { return 1 }  // also catches NaN
        return milliseconds < Double(Int32.max) ? Int(milliseconds) : Int(Int32.max)
    }
}

/// Collects a response while curl runs; stops the transfer past the byte limit.
private final class ResponseSink {
    let limit: Int
    var body = Data()
    var headers: [String: String] = [:]
    var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }
}

private func curlCollectBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?)
    -> Int
{
    guard let data, let context else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if sink.body.count + length > sink.limit {
        sink.overflowed = true
        return 0  // makes curl abort with CURLE_WRITE_ERROR
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append($0, count: length) }
    return length
}

private func curlCollectHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    guard let data, let context else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    if line.hasPrefix("HTTP/") {
        sink.headers = [:]  // a new status line (after 100 Continue) starts a new header block
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        sink.headers[name] = value
    }
    return length
}
