import Foundation

/// Messages requests over the injected transport, with retries and error mapping.
struct AnthropicClient {
    let environment: AppEnvironment

    /// Sends one request and returns its reply; throws the scan-stopping errors.
    func send(_ body: AnthropicRequest) async throws -> AnthropicReply {
        let settings = environment.settings.anthropic
        // Replay answers from recordings, which hold no key: none is needed then.
        let key = settings.key ?? ""
        if let missing = environment.missingKey(.anthropic) { throw missing }
        var headers = ["content-type": "application/json", "anthropic-version": settings.version]
        if !key.isEmpty { headers["x-api-key"] = key }
        let url = settings.baseURL.appendingPathComponent("v1").appendingPathComponent("messages")
        let request = HTTPRequest(
            method: "POST", url: url, headers: headers, body: try StableJSON.encode(body),
            timeout: environment.settings.modelTimeout, maxResponseBytes: 4 << 20)
        let response: HTTPResponse
        do {
            response = try await RetryingSender(environment: environment, policy: .anthropic, service: "anthropic").send(request)
        } catch let error as HTTPTransportError {
            throw error.modelRequestError("Anthropic request failed: \(error.summary)")
        }
        guard response.status == 200 else { throw Self.error(for: response, model: body.model) }
        guard let reply = AnthropicReply.decode(response.body) else {
            throw AlbumScanError.serviceFailed("Anthropic answered with something that is not a message")
        }
        environment.log(
            "anthropic: \(body.model) answered (\(reply.inputTokens)+\(reply.outputTokens) tokens, stop_reason "
                + "\(reply.stopReason ?? "none")\(reply.webSearches > 0 ? ", \(reply.webSearches) web searches" : ""))")
        for code in reply.searchErrors { environment.log("anthropic: web search failed: \(code)") }
        return reply
    }

    /// Maps a final non-200 answer to the error the user sees.
    static func error(for response: HTTPResponse, model: String) -> AlbumScanError {
        let detail = AnthropicErrorBody.decode(response.body)
        let message = detail?.message.map { ": \(SafeText.clean(String($0.prefix(160))))" } ?? ""
        switch response.status {
        case 401:
            return .configuration("Anthropic rejected the API key (HTTP 401); check ANTHROPIC_API_KEY")
        case 403:
            return .configuration(
                "Anthropic refused the key access (HTTP 403 permission_error)\(message); check ANTHROPIC_API_KEY")
        case 404:
            return .configuration(
                "Anthropic does not serve the model \(model) (HTTP 404)\(message); choose another with ALBUMSCAN_VISION_MODEL, "
                    + "ALBUMSCAN_SEARCH_MODEL or ALBUMSCAN_REVIEW_MODEL")
        case 402:
            return .serviceFailed(
                "the Anthropic account has a billing problem (HTTP 402 billing_error); check billing in the Anthropic Console")
        case 429 where response.header("retry-after") == nil && response.header("retry-after-ms") == nil:
            return .serviceFailed(
                "Anthropic refused with HTTP 429 and no retry-after, which is a spend or usage limit\(message); "
                    + "raise the limit in the Anthropic Console")
        case 429:
            return .rateLimited("Anthropic is rate limiting requests (HTTP 429); try again later")
        case 529:
            return .serviceFailed("Anthropic is overloaded (HTTP 529 overloaded_error); try again later")
        case 500...599:
            return .serviceFailed("Anthropic is failing (HTTP \(response.status)); try again later")
        default:
            return .serviceFailed("Anthropic refused the request (HTTP \(response.status))\(message)")
        }
    }
}
