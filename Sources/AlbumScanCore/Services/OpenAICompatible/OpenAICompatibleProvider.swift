import Foundation

/// The calls a local OpenAI-compatible server can make: identification from the photo and the standard review.
///
/// The request is OpenAI's, with `max_tokens` in place of `max_completion_tokens` (Ollama ignores the newer
/// field). There is no web search: the pipeline reports ID Call 2 as `unavailable` and falls back to the standard
/// review for Ultra's advanced search, so the search calls are never made.
struct OpenAICompatibleProvider: ModelProvider {
    let environment: AppEnvironment
    var kind: ProviderKind { .openAICompatible }
    var settings: Settings { environment.settings }

    func identify(_ prompt: ModelPrompt, image: PreparedImage) async throws -> ModelReply {
        let chat = ChatRequest(
            model: settings.visionModel,
            messages: OpenAIProvider.messages(prompt, image: image, detail: settings.imageDetail),
            responseFormat: .init(jsonSchema: .init(name: IdentifySchema.name, schema: IdentifySchema.schema)),
            maxTokens: 800, temperature: 0.1)
        let answer = try await OpenAICompatibleClient(environment: environment).complete(chat, hasImage: true)
        return answer.modelReply(model: chat.model, provider: kind, imageTokens: nil, searched: false)
    }

    func review(_ prompt: ModelPrompt) async throws -> ModelReply {
        let chat = ChatRequest(
            model: settings.reviewModel, messages: OpenAIProvider.messages(prompt),
            responseFormat: .init(jsonSchema: .init(name: "album_review", schema: ReviewReply.schema)), maxTokens: 900,
            temperature: 0.4)
        let answer = try await OpenAICompatibleClient(environment: environment).complete(chat)
        return answer.modelReply(model: chat.model, provider: kind, imageTokens: nil, searched: false)
    }

    func searchIdentify(_ prompt: ModelPrompt) async throws -> ModelReply {
        throw UnsupportedCall(description: "an OpenAI-compatible server has no web search")
    }

    func searchReview(_ prompt: ModelPrompt) async throws -> ModelReply {
        throw UnsupportedCall(description: "an OpenAI-compatible server has no web search")
    }
}
