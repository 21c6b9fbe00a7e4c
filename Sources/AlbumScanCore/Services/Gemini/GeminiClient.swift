import Foundation

/// `generateContent` requests over the injected transport, with retries and error mapping.
struct GeminiClient {
    let environment: AppEnvironment

    /// The endpoint for `model`: `<root>/v1beta/models/<model>:generateContent` (a `models/` prefix is accepted).
    func url(model: String) throws -> URL {
        let settings = environment.settings.gemini
        var root = settings.baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        let name = model.hasPrefix("models/") ? String(model.dropFirst(7)) : model
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        guard let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed),
            let url = URL(string: "\(root)/\(settings.apiVersion)/models/\(encoded):generateContent")
        else { throw AlbumScanError.configuration("the Gemini model name \(model) cannot be used in a URL") }
        return url
    }

    /// Sends one request for `model` and returns its reply; throws the scan-stopping errors.
    func send(_ body: GeminiRequest, model: String) async throws -> GeminiReply {
        // Replay answers from recordings, which hold no key: none is needed then.
        let key = environment.settings.gemini.key ?? ""
        if let missing = environment.missingKey(.gemini) { throw missing }
        // The key goes in a header, never in the URL, so it cannot end up in a log line.
        var headers = ["Content-Type": "application/json"]
        if !key.isEmpty { headers["x-goog-api-key"] = key }
        let request = HTTPRequest(
            method: "POST", url: try url(model: model), headers: headers, body: try StableJSON.encode(body),
            timeout: environment.settings.modelTimeout, maxResponseBytes: 4 << 20)
        let response: HTTPResponse
        do {
            response = try await RetryingSender(environment: environment, policy: .gemini, service: "gemini").send(request)
        } catch let error as HTTPTransportError {
            throw error.modelRequestError("Gemini request failed: \(error.summary)")
        }
        guard response.status == 200 else { throw Self.error(for: response, model: model) }
        guard let reply = GeminiReply.decode(response.body) else {
            throw AlbumScanError.serviceFailed("Gemini answered with something that is not a generateContent response")
        }
        environment.log(
            "gemini: \(model) answered (\(reply.promptTokens)+\(reply.completionTokens) tokens, finishReason "
                + "\(reply.finishReason ?? reply.blockReason ?? "none")"
                + "\(reply.searchQueries.isEmpty ? "" : ", \(reply.searchQueries.count) search queries"))")
        return reply
    }

    /// Maps a final non-200 answer to the error the user sees.
    static func error(for response: HTTPResponse, model: String) -> AlbumScanError {
        let detail = GeminiErrorBody.decode(response.body)
        let status = detail?.status.map { " \($0)" } ?? ""
        let message = detail?.message.map { ": \(SafeText.clean(String($0.prefix(160))))" } ?? ""
        switch response.status {
        case 400 where detail?.reason == "API_KEY_INVALID" || detail?.message?.contains("API key") == true:
            return .configuration(
                "Gemini rejected the API key (HTTP 400 API_KEY_INVALID); check GEMINI_API_KEY (or GOOGLE_API_KEY)")
        case 401, 403:
            return .configuration(
                "Gemini refused the key (HTTP \(response.status)\(status)); check GEMINI_API_KEY (or GOOGLE_API_KEY)")
        case 404:
            return .configuration(
                "Gemini does not serve the model \(model) (HTTP 404)\(message); choose another with ALBUMSCAN_VISION_MODEL, "
                    + "ALBUMSCAN_SEARCH_MODEL or ALBUMSCAN_REVIEW_MODEL")
        case 429:
            return .rateLimited("Gemini is rate limiting requests or the quota is used up (HTTP 429\(status)); try again later")
        case 503:
            return .serviceFailed("Gemini is overloaded (HTTP 503\(status)); try again later")
        case 500...599:
            return .serviceFailed("Gemini is failing (HTTP \(response.status)\(status)); try again later")
        default:
            return .serviceFailed("Gemini refused the request (HTTP \(response.status)\(status))\(message)")
        }
    }
}
