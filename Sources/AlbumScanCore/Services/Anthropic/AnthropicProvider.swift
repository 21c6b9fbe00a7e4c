import Foundation

/// The four calls as Anthropic Messages.
///
/// Strict JSON comes from `output_config.format` (json_schema), with the JSON as the text of the reply. Web search is
/// the server tool, and its answers carry citations, which structured output cannot be combined with: so a search
/// call runs with citations on and its JSON is read tolerantly out of the prose (the search prompts ask for JSON only).
/// Only when no JSON object is there does a second, structured call restate the answer; the citations of the search
/// call are kept either way.
struct AnthropicProvider: ModelProvider {
    let environment: AppEnvironment
    var kind: ProviderKind { .anthropic }
    var settings: Settings { environment.settings }
    var client: AnthropicClient { AnthropicClient(environment: environment) }

    func identify(_ prompt: ModelPrompt, image: PreparedImage) async throws -> ModelReply {
        let body = AnthropicRequest(
            model: settings.visionModel, maxTokens: 800, system: prompt.system,
            messages: [
                // Images before text, as the vision guide advises.
                .init(
                    role: "user",
                    content: [.image(mediaType: "image/jpeg", base64: image.jpeg.base64EncodedString()), .text(prompt.user)])
            ],
            temperature: 0.1, outputConfig: .init(schema: IdentifySchema.schema))
        let reply = try await client.send(body)
        let imageTokens = ImageBudget.tokens(width: image.width, height: image.height, provider: .anthropic)
        return Self.modelReply([reply], model: body.model, imageTokens: imageTokens)
    }

    func searchIdentify(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await search(prompt, model: settings.searchModel, schema: IdentifySchema.schema)
    }

    func review(_ prompt: ModelPrompt) async throws -> ModelReply {
        let body = AnthropicRequest(
            model: settings.reviewModel, maxTokens: 900, system: prompt.system,
            messages: [.init(role: "user", content: [.text(prompt.user)])], temperature: 0.4,
            outputConfig: .init(schema: ReviewReply.schema))
        return Self.modelReply([try await client.send(body)], model: body.model)
    }

    func searchReview(_ prompt: ModelPrompt) async throws -> ModelReply {
        try await search(prompt, model: settings.searchModel, schema: ReviewReply.schema)
    }

    /// A web-searched answer: `pause_turn` is continued by sending the assistant content back; prose without a JSON
    /// object is restated by one structured call.
    func search(_ prompt: ModelPrompt, model: String, schema: JSONValue) async throws -> ModelReply {
        let anthropic = settings.anthropic
        var body = AnthropicRequest(
            model: model, maxTokens: 2048, system: prompt.system, messages: [.init(role: "user", content: [.text(prompt.user)])],
            tools: [.init(type: anthropic.webSearchTool, maxUses: anthropic.maxSearches)])
        var replies = [try await client.send(body)]
        while let last = replies.last, last.stopReason == "pause_turn", replies.count <= anthropic.maxContinuations {
            body.messages.append(.init(role: "assistant", content: last.content.map(AnthropicRequest.Block.raw)))
            replies.append(try await client.send(body))
        }
        var reply = Self.modelReply(replies, model: model)
        guard reply.refusal == nil, reply.truncation == nil, let text = reply.text, LenientJSON.object(in: text) == nil
        else { return reply }
        environment.log("anthropic: the search answer holds no JSON object; asking for it in a structured call")
        let restate = AnthropicRequest(
            model: model, maxTokens: 1200, system: prompt.system,
            messages: [
                .init(role: "user", content: [.text(prompt.user)]),
                .init(role: "assistant", content: [.text(text)]),
                .init(
                    role: "user",
                    content: [
                        .text("Restate your answer as the JSON object the instructions describe, using only what you found.")
                    ]),
            ],
            outputConfig: .init(schema: schema))
        let structured = Self.modelReply([try await client.send(restate)], model: model)
        reply.text = structured.text
        reply.refusal = structured.refusal
        reply.truncation = structured.truncation
        reply.usage += structured.usage
        return reply
    }

    /// One reply from one call, or from a call and its continuations.
    static func modelReply(_ replies: [AnthropicReply], model: String, imageTokens: Int? = nil) -> ModelReply {
        let text = replies.map(\.text).joined()
        let stop = replies.last?.stopReason
        return ModelReply(
            text: text.isEmpty ? nil : text,
            refusal: stop == "refusal" ? (text.isEmpty ? "stop_reason refusal" : text) : nil,
            truncation: stop == "max_tokens" || stop == "pause_turn" ? "stop_reason \(stop ?? "")" : nil,
            citations: replies.flatMap(\.citations),
            usage: replies.enumerated().map { index, reply in
                TokenUsage(
                    model: model, promptTokens: reply.inputTokens, completionTokens: reply.outputTokens, provider: .anthropic,
                    imageTokens: index == 0 ? imageTokens : nil, webSearches: reply.webSearches)
            })
    }
}
