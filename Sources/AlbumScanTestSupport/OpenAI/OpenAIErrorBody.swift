import Foundation

/// OpenAI's error envelope, `{"error":{"message","type","param","code"}}`, as a fake response.
enum OpenAIErrorBody {
    /// The envelope with this status, fields and extra headers.
    static func response(
        status: Int, type: String, code: String?, message: String, param: String? = nil,
        headers: [String: String] = [:]
    ) -> FakeResponse {
        let error: [String: Any] = [
            "message": message, "type": type, "param": param ?? NSNull(), "code": code ?? NSNull(),
        ]
        return .json(["error": error], status: status, headers: headers)
    }

    /// The 401 of `openai_error_401_invalid_api_key.json`, masking the key that was sent.
    static func invalidAPIKey(sent key: String) -> FakeResponse {
        response(
            status: 401, type: "invalid_request_error", code: "invalid_api_key",
            message: "Incorrect API key provided: \(mask(key)). You can find your API key at "
                + "https://platform.openai.com/account/api-keys.")
    }

    /// The 400 of `openai_error_400_web_search_options_not_supported.json`.
    static let webSearchNotSupported = response(
        status: 400, type: "invalid_request_error", code: nil,
        message: "Web search options not supported with this model.", param: "web_search_options")

    /// The 400 search-preview models give for sampling parameters, as in the two samples.
    static func incompatibleArguments(_ names: [String]) -> FakeResponse {
        let noun = names.count == 1 ? "argument" : "arguments"
        return response(
            status: 400, type: "invalid_request_error", code: nil,
            message: "Model incompatible request \(noun) supplied: \(names.sorted().joined(separator: ", "))")
    }

    /// The 404 for a path the fake does not serve.
    static func invalidURL(_ request: FakeRequest) -> FakeResponse {
        response(
            status: 404, type: "invalid_request_error", code: nil,
            message: "Invalid URL (\(request.method) \(request.path)) (FakeOpenAI serves POST /v1/chat/completions)")
    }

    /// The 400 for a body that is not a JSON object with a model and messages.
    static func badBody(_ why: String) -> FakeResponse {
        response(status: 400, type: "invalid_request_error", code: nil, message: "FakeOpenAI: \(why)")
    }

    /// The key as OpenAI echoes it: first 8 characters, asterisks, last 4.
    static func mask(_ key: String) -> String {
        guard key.count > 12 else { return String(repeating: "*", count: key.count) }
        return key.prefix(8) + String(repeating: "*", count: key.count - 12) + key.suffix(4)
    }
}
