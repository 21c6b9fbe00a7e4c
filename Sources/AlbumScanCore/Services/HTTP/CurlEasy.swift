import CCurl
import Foundation

private let curlGlobalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

/// Owns one libcurl easy handle; the only place curl pointers live.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer?

    init() {
        _ = curlGlobalInit
        handle = curl_easy_init()
    }

    deinit { curl_easy_cleanup(handle) }

    func perform(_ request: HTTPRequest, cancellation: CancellationFlag) throws -> HTTPResponse {
        guard let handle else { throw HTTPTransportError.failed("libcurl could not start") }
        curl_easy_reset(handle)
        let sink = ResponseSink(limit: request.maxResponseBytes, cancellation: cancellation)
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        // An empty Expect stops curl from waiting for "100 Continue" on large POST bodies.
        headerList = curl_slist_append(headerList, "Expect:")
        let timeoutMs = max(1, Int(request.timeout * 1000))
        albumscan_curl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        albumscan_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        albumscan_curl_set_long(handle, CURLOPT_TIMEOUT_MS, timeoutMs)
        albumscan_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMs, 10_000))
        albumscan_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        albumscan_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        albumscan_curl_set_slist(handle, CURLOPT_HTTPHEADER, headerList)
        albumscan_curl_set_write(handle, curlCollectBody, sinkPointer)
        albumscan_curl_set_header_cb(handle, curlCollectHeader, sinkPointer)
        albumscan_curl_set_progress(handle, curlCheckCancelled, sinkPointer)
        let body = request.body ?? Data()
        let result: CURLcode = body.withUnsafeBytes { raw in
            if request.method == "GET" {
                albumscan_curl_set_long(handle, CURLOPT_HTTPGET, 1)
            } else {
                albumscan_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
                albumscan_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                albumscan_curl_set_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress))
            }
            return curl_easy_perform(handle)
        }
        if sink.overflowed { throw HTTPTransportError.responseTooLarge(limit: request.maxResponseBytes) }
        if result == CURLE_ABORTED_BY_CALLBACK { throw CancellationError() }
        switch result {
        case CURLE_OK:
            return HTTPResponse(status: albumscan_curl_status(handle), headers: sink.headers, body: sink.body)
        case CURLE_OPERATION_TIMEDOUT:
            throw HTTPTransportError.timedOut
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            throw HTTPTransportError.connectionFailed(String(cString: curl_easy_strerror(result)))
        default:
            throw HTTPTransportError.failed(String(cString: curl_easy_strerror(result)).lowercased())
        }
    }
}

/// Collects a response while curl runs; stops the transfer past the byte limit.
private final class ResponseSink {
    let limit: Int
    let cancellation: CancellationFlag
    var body = Data()
    var headers: [String: String] = [:]
    var overflowed = false

    init(limit: Int, cancellation: CancellationFlag) {
        self.limit = limit
        self.cancellation = cancellation
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

private func curlCheckCancelled(
    _ context: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t, _ uploadTotal: curl_off_t,
    _ uploaded: curl_off_t
) -> Int32 {
    guard let context else { return 0 }
    return Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue().cancellation.isCancelled ? 1 : 0
}
