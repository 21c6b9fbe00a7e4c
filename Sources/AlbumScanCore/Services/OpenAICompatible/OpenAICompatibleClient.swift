import Foundation

/// Chat Completions against a local OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio).
///
/// No key is required (one is sent when `OPENAI_API_KEY` is set, for servers started with one). A server that cannot
/// take images for the model asked (Ollama: 400 "this model does not support image input"; llama.cpp: 500 "image
/// input is not supported") and a model the server does not have are configuration problems naming the model.
struct OpenAICompatibleClient {
    let environment: AppEnvironment

    func complete(_ chat: ChatRequest, hasImage: Bool = false) async throws -> ChatReply {
        let settings = environment.settings
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var headers = ["Content-Type": "application/json"]
        if let key = settings.openAIKey, !key.isEmpty { headers["Authorization"] = "Bearer \(key)" }
        let request = HTTPRequest(
            method: "POST", url: settings.openAIBaseURL.appendingPathComponent("chat/completions"), headers: headers,
            body: try encoder.encode(chat), timeout: settings.modelTimeout, maxResponseBytes: 4 << 20)
        let response: HTTPResponse
        do {
            response = try await RetryingSender(environment: environment, policy: .local, service: "local").send(request)
        } catch let error as HTTPTransportError {
            throw error.modelRequestError(
                "the OpenAI-compatible server at \(URLRedaction.redact(settings.openAIBaseURL)) did not answer: \(error.summary); "
                    + "is it running?")
        }
        guard response.status == 200 else { throw Self.error(for: response, model: chat.model, hasImage: hasImage) }
        guard let reply = ChatReply.decode(response.body) else {
            throw AlbumScanError.serviceFailed(
                "the OpenAI-compatible server answered with something that is not a chat completion")
        }
        environment.log("local: \(chat.model) answered (\(reply.promptTokens)+\(reply.completionTokens) tokens)")
        return reply
    }

    /// Maps a final non-200 answer to the error the user sees.
    static func error(for response: HTTPResponse, model: String, hasImage: Bool) -> AlbumScanError {
        let text = OpenAIErrorBody.decode(response.body)?.message ?? Self.plainMessage(response.body) ?? ""
        let lower = text.lowercased()
        let message = text.isEmpty ? "" : ": \(SafeText.clean(String(text.prefix(160))))"
        if hasImage,
            lower.contains("image") || lower.contains("vision") || lower.contains("mmproj") || lower.contains("multimodal")
        {
            return .configuration(
                "the model \(model) on the OpenAI-compatible server does not take images (HTTP \(response.status))\(message); "
                    + "set ALBUMSCAN_VISION_MODEL to a vision model, such as qwen2.5vl:7b or gemma3")
        }
        if response.status == 404, lower.contains("model") {
            return .configuration(
                "the OpenAI-compatible server has no model \(model) (HTTP 404)\(message); pull it (ollama pull \(model)) or "
                    + "choose another with ALBUMSCAN_VISION_MODEL / ALBUMSCAN_REVIEW_MODEL")
        }
        switch response.status {
        case 401, 403:
            return .configuration("the OpenAI-compatible server refused the key (HTTP \(response.status)); check OPENAI_API_KEY")
        case 429:
            return .rateLimited("the OpenAI-compatible server is rate limiting requests (HTTP 429); try again later")
        case 500...599:
            return .serviceFailed("the OpenAI-compatible server is failing (HTTP \(response.status))\(message)")
        default:
            return .serviceFailed("the OpenAI-compatible server refused the request (HTTP \(response.status))\(message)")
        }
    }

    /// `{"error": "text"}` (Ollama's native form) or llama.cpp's `{"error": {"message": …}}` already covered above.
    static func plainMessage(_ body: Data) -> String? {
        // try?: a body that is not this form is nil: the status alone is reported
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }
}
