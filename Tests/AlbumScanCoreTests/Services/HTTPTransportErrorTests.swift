import CCurl
import Testing

@testable import AlbumScanCore

@Suite struct HTTPTransportErrorTests {
    static func code(_ value: CURLcode) -> Int { Int(value.rawValue) }

    static let classifications: [(Int, HTTPTransportError)] = [
        (code(CURLE_OPERATION_TIMEDOUT), .timedOut),
        (code(CURLE_COULDNT_RESOLVE_HOST), .hostNotFound(curlCode: 6)),
        (code(CURLE_COULDNT_RESOLVE_PROXY), .hostNotFound(curlCode: 5)),
        (code(CURLE_UNSUPPORTED_PROTOCOL), .unsupportedProtocol(curlCode: 1)),
        (code(CURLE_COULDNT_CONNECT), .connectionRefused(curlCode: 7)),
        (code(CURLE_PEER_FAILED_VERIFICATION), .certificate(curlCode: 60)),
        (code(CURLE_SSL_CACERT_BADFILE), .certificate(curlCode: 77)),
        (code(CURLE_SSL_CONNECT_ERROR), .certificate(curlCode: 35)),
        (code(CURLE_SSL_CERTPROBLEM), .certificate(curlCode: 58)),
        (code(CURLE_SSL_PINNEDPUBKEYNOTMATCH), .certificate(curlCode: 90)),
        (code(CURLE_SEND_ERROR), .connectionLost(curlCode: 55)),
        (code(CURLE_RECV_ERROR), .connectionLost(curlCode: 56)),
        (code(CURLE_GOT_NOTHING), .connectionLost(curlCode: 52)),
        (code(CURLE_PARTIAL_FILE), .connectionLost(curlCode: 18)),
        (code(CURLE_HTTP2_STREAM), .connectionLost(curlCode: 92)),
        (code(CURLE_URL_MALFORMAT), .curl(code: 3, message: "URL using bad/illegal format")),
        (code(CURLE_WEIRD_SERVER_REPLY), .curl(code: 8, message: "Weird server reply")),
    ]

    @Test(arguments: classifications)
    func classifiesCurlCodes(curlCode: Int, expected: HTTPTransportError) {
        // The message is curl's own words; passing the expected one keeps the table about the mapping.
        let message = if case .curl(_, let text) = expected { text } else { "ignored" }
        #expect(HTTPTransportError.classify(curlCode: curlCode, message: message) == expected)
    }

    static let transience: [(HTTPTransportError, Bool)] = [
        (.connectionRefused(curlCode: 7), true),
        (.connectionLost(curlCode: 56), true),
        (.timedOut, true),
        (.certificate(curlCode: 60), false),
        (.hostNotFound(curlCode: 6), false),
        (.unsupportedProtocol(curlCode: 1), false),
        (.responseTooLarge(limit: 10), false),
        (.tooManyRedirects, false),
        (.unsupportedRedirect("ftp://x"), false),
        (.notRecorded(method: "GET", url: "https://x"), false),
        (.curl(code: 3, message: "bad url"), false),
        (.failed("bad URL"), false),
    ]

    @Test(arguments: transience)
    func retriesOnlyConnectionTroubleThatMayPass(error: HTTPTransportError, transient: Bool) {
        #expect(RetryingSender.isTransient(error) == transient)
    }

    @Test func summariesAreShortAndLowercase() {
        for (_, error) in Self.classifications where error.summary != error.summary.lowercased() {
            Issue.record("\(error): \(error.summary)")
        }
        #expect(HTTPTransportError.certificate(curlCode: 60).curlCode == 60)
        #expect(HTTPTransportError.timedOut.curlCode == nil)
    }
}
