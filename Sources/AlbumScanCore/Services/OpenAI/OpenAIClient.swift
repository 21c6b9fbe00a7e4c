import Foundation

/// Chat Completions over the injected transport, with retries and error mapping.
struct OpenAIClient {
    let environment: AppEnvironment

    /// Sends one completion and returns its reply; throws the scan-stopping errors.
    func complete(_ chat: ChatRequest) async throws -> ChatReply {
        let settings = environment.settings
        // Replay answers from recordings, which hold no key: none is needed then.
        let key = settings.openAIKey ?? ""
        if let missing = environment.missingKey(.openai) { throw missing }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers = ["Content-Type": "application/json"]
        if !key.isEmpty { headers["Authorization"] = "Bearer \(key)" }
        let request = HTTPRequest(
            method: "POST", url: settings.openAIBaseURL.appendingPathComponent("chat/completions"), headers: headers,
            body: try encoder.encode(chat), timeout: settings.modelTimeout, maxResponseBytes: 4 << 20)
        let response: HTTPResponse
        do {
            response = try await RetryingSender(environment: environment, policy: .openAI, service: "openai").send(request)
        } catch let error as HTTPTransportError {
            throw error.modelRequestError("OpenAI request failed: \(error.summary)")
        }
        guard response.status == 200 else { throw Self.error(for: response) }
        guard let reply = ChatReply.decode(response.body) else {
            throw AlbumScanError.serviceFailed("OpenAI answered with something that is not a chat completion")
        }
        environment.log("openai: \(chat.model) answered (\(reply.promptTokens)+\(reply.completionTokens) tokens)")
        return reply
    }

    /// Maps a final non-200 answer to the error the user sees. Server text is never echoed for 401,
    /// since OpenAI quotes part of the rejected key there.
    static func error(for response: HTTPResponse) -> AlbumScanError {
        let detail = OpenAIErrorBody.decode(response.body)
        switch response.status {
        case 401:
            return .configuration("OpenAI rejected the API key (HTTP 401); check OPENAI_API_KEY")
        case 429 where detail?.code == "insufficient_quota" || detail?.type == "insufficient_quota":
            return .serviceFailed("the OpenAI account has no credit left (insufficient_quota); add credit to your OpenAI account")
        case 429:
            return .rateLimited("OpenAI is rate limiting requests (HTTP 429); try again later")
        case 500...599:
            return .serviceFailed("OpenAI is failing (HTTP \(response.status)); try again later")
        default:
            let message = detail?.message.map { ": \(String($0.prefix(160)))" } ?? ""
            return .serviceFailed("OpenAI refused the request (HTTP \(response.status))\(message)")
        }
    }
}

/// The `{"error": {...}}` body OpenAI sends with error statuses.
struct OpenAIErrorBody: Decodable {
    var message: String?
    var type: String?
    var code: String?

    static func decode(_ body: Data) -> OpenAIErrorBody? {
        struct Wrapper: Decodable { var error: OpenAIErrorBody }
        // try?: an error body that is not OpenAI's form is nil: the status alone is reported
        return (try? JSONDecoder().decode(Wrapper.self, from: body))?.error
    }
}
