import CCurl

extension HTTPTransportError {
    /// The error for a transfer that libcurl ended with `curlCode` (never `CURLE_OK`); pure.
    static func classify(curlCode: Int, message: String) -> HTTPTransportError {
        let code = CURLcode(UInt32(clamping: curlCode))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound(curlCode: curlCode)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedProtocol(curlCode: curlCode)
        case CURLE_COULDNT_CONNECT:
            return .connectionRefused(curlCode: curlCode)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE:
            return .certificate(curlCode: curlCode)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return .connectionLost(curlCode: curlCode)
        default:
            return .curl(code: curlCode, message: message)
        }
    }
}
