import Foundation

/// The four calls as Gemini `generateContent`.
///
/// Strict JSON comes from `responseSchema`; web search is Google Search grounding, whose sources are the
/// `groundingChunks`. Gemini 2.x rejects a schema together with search, so grounded calls ask for JSON in the prompt
/// and read it tolerantly; only prose without a JSON object is restated by a second, schema-bound call.
struct GeminiProvider: ModelProvider {
    let environment: AppEnvironment
    var kind: ProviderKind { .gemini }
    var settings: Settings { environment.settings }
    var client: GeminiClient { GeminiClient(environment: environment) }

    func identify(_ prompt: ModelPrompt, image: PreparedImage) async throws -> ModelReply {
        let model = settings.visionModel
        let body = GeminiRequest(
            systemInstruction: .init(parts: [.text(prompt.system)]),
            contents: [
                .init(
                    role: "user",
                    parts: [.inlineData(mimeType: "image/jpeg", base64: image.jpeg.base64EncodedString()), .text(prompt.user)])
            ],
            generationConfig: Self.structured(IdentifySchema.schema, model: model, temperature: 0.1, maxTokens: 800))
        let reply = try await client.send(body, model: model)
        let estimate = ImageBudget.tokens(width: image.width, height: image.height, provider: .gemini)
        return Self.modelReply([reply], model: model, imageTokens: reply.imageTokens ?? estimate)
    }

    func searchIdentify(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await grounded(prompt, model: settings.searchModel, schema: IdentifySchema.schema)
    }

    func review(_ prompt: ModelPrompt) async throws -> ModelReply {
        let model = settings.reviewModel
        let body = GeminiRequest(
            systemInstruction: .init(parts: [.text(prompt.system)]), contents: [.init(role: "user", parts: [.text(prompt.user)])],
            generationConfig: Self.structured(ReviewReply.schema, model: model, temperature: 0.4, maxTokens: 900))
        return Self.modelReply([try await client.send(body, model: model)], model: model)
    }

    func searchReview(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await grounded(prompt, model: settings.searchModel, schema: ReviewReply.schema)
    }

    /// A Google-Search-grounded answer without a schema; prose without a JSON object is restated under the schema.
    func grounded(_ prompt: ModelPrompt, model: String, schema: JSONValue) async throws -> ModelReply {
        let body = GeminiRequest(
            systemInstruction: .init(parts: [.text(prompt.system)]), contents: [.init(role: "user", parts: [.text(prompt.user)])],
            tools: [.init()],
            generationConfig: .init(maxOutputTokens: 2048, thinkingConfig: Self.thinking(model)))
        var reply = Self.modelReply([try await client.send(body, model: model)], model: model)
        guard reply.refusal == nil, reply.truncation == nil, let text = reply.text, LenientJSON.object(in: text) == nil
        else { return reply }
        environment.log("gemini: the grounded answer holds no JSON object; asking for it with the schema")
        let restate = GeminiRequest(
            systemInstruction: .init(parts: [.text(prompt.system)]),
            contents: [
                .init(role: "user", parts: [.text(prompt.user)]), .init(role: "model", parts: [.text(text)]),
                .init(
                    role: "user",
                    parts: [.text("Restate your answer as the JSON object the instructions describe, using only what you found.")]
                ),
            ],
            generationConfig: Self.structured(schema, model: model, temperature: 0, maxTokens: 1200))
        let structured = Self.modelReply([try await client.send(restate, model: model)], model: model)
        reply.text = structured.text
        reply.refusal = structured.refusal
        reply.truncation = structured.truncation
        reply.usage += structured.usage
        return reply
    }

    static func structured(_ schema: JSONValue, model: String, temperature: Double, maxTokens: Int)
        -> GeminiRequest.GenerationConfig
    {
        .init(
            temperature: temperature, maxOutputTokens: maxTokens, responseMimeType: "application/json",
            responseSchema: GeminiSchema.convert(schema), thinkingConfig: thinking(model))
    }

    /// 2.5 Flash models think by default, and thinking tokens count against `maxOutputTokens` and are billed as
    /// output: these calls need none, so it is turned off there (other models keep their defaults).
    static func thinking(_ model: String) -> GeminiRequest.ThinkingConfig? {
        model.hasPrefix("gemini-2.5-flash") || model.hasPrefix("models/gemini-2.5-flash") ? .init(thinkingBudget: 0) : nil
    }

    static func modelReply(_ replies: [GeminiReply], model: String, imageTokens: Int? = nil) -> ModelReply {
        let text = replies.map(\.text).joined()
        let last = replies.last
        let refused = ["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "OTHER"]
        var refusal: String?
        if let reason = last?.blockReason {
            refusal = "the prompt was blocked (blockReason \(reason))"
        } else if let reason = last?.finishReason, refused.contains(reason) {
            refusal = "finishReason \(reason)"
        }
        return ModelReply(
            text: text.isEmpty ? nil : text, refusal: refusal,
            truncation: last?.finishReason == "MAX_TOKENS" ? "finishReason MAX_TOKENS" : nil,
            citations: replies.flatMap(\.sources),
            usage: replies.map { reply in
                TokenUsage(
                    model: model, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, provider: .gemini,
                    imageTokens: imageTokens, webSearches: reply.searchQueries.isEmpty ? 0 : 1)
            })
    }
}
