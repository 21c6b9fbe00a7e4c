import Foundation

/// The four calls as OpenAI Chat Completions.
struct OpenAIProvider: ModelProvider {
    let environment: AppEnvironment
    var kind: ProviderKind { .openai }
    var settings: Settings { environment.settings }

    func identify(_ prompt: ModelPrompt, image: PreparedImage) async throws -> ModelReply {
        let chat = ChatRequest(
            model: settings.visionModel, messages: Self.messages(prompt, image: image, detail: settings.imageDetail),
            responseFormat: .init(jsonSchema: .init(name: IdentifySchema.name, schema: IdentifySchema.schema)),
            maxCompletionTokens: 800, temperature: 0.1)
        let imageTokens = ImageBudget.tokens(
            width: image.width, height: image.height, provider: .openai, detail: settings.imageDetail)
        return try await send(chat, imageTokens: imageTokens)
    }

    /// Text only; search models take no temperature or response_format.
    func searchIdentify(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await send(
            ChatRequest(
                model: settings.searchModel, messages: Self.messages(prompt), webSearchOptions: .init(searchContextSize: "medium")
            ))
    }

    func review(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await send(
            ChatRequest(
                model: settings.reviewModel, messages: Self.messages(prompt),
                responseFormat: .init(jsonSchema: .init(name: "album_review", schema: ReviewReply.schema)),
                maxCompletionTokens: 900, temperature: 0.4))
    }

    func searchReview(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await send(
            ChatRequest(
                model: settings.searchModel, messages: Self.messages(prompt), webSearchOptions: .init(searchContextSize: "medium")
            ))
    }

    /// The identify messages: the system prompt, then the user text with the photo as a data URL.
    static func messages(_ prompt: ModelPrompt, image: PreparedImage, detail: String) -> [ChatRequest.Message] {
        let dataURL = "data:image/jpeg;base64," + image.jpeg.base64EncodedString()
        return [
            .init(role: "system", content: [.text(prompt.system)]),
            .init(role: "user", content: [.text(prompt.user), .imageURL(dataURL, detail: detail)]),
        ]
    }

    static func messages(_ prompt: ModelPrompt) -> [ChatRequest.Message] {
        [.init(role: "system", content: [.text(prompt.system)]), .init(role: "user", content: [.text(prompt.user)])]
    }

    func send(_ chat: ChatRequest, imageTokens: Int? = nil) async throws -> ModelReply {
        let answer = try await OpenAIClient(environment: environment).complete(chat)
        return answer.modelReply(
            model: chat.model, provider: kind, imageTokens: imageTokens, searched: chat.webSearchOptions != nil)
    }
}

extension ChatReply {
    /// The provider-neutral reply; usage is recorded under the model asked for (not the dated snapshot echoed back).
    func modelReply(model: String, provider: ProviderKind, imageTokens: Int?, searched: Bool) -> ModelReply {
        ModelReply(
            text: content, refusal: refusal, truncation: finishReason == "length" ? "finish_reason length" : nil,
            citations: citations,
            usage: [
                TokenUsage(
                    model: model, promptTokens: promptTokens, completionTokens: completionTokens, provider: provider,
                    imageTokens: imageTokens, webSearches: searched ? 1 : 0)
            ])
    }
}
