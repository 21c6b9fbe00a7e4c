import Foundation

/// What a model call is asked: the system prompt and the user's text (the photo travels separately).
struct ModelPrompt: Sendable {
    var system: String
    var user: String
}

/// What one model call (or one short exchange of them) answered, reduced to what the pipeline uses.
struct ModelReply: Sendable {
    /// The answer text: a JSON string for strict calls, prose holding JSON for search calls.
    var text: String?
    /// Why the model refused, when it did.
    var refusal: String?
    /// How the wire said the reply was cut short (such as `finish_reason length`), when it was.
    var truncation: String?
    /// Pages the answer cites.
    var citations: [Review.Source] = []
    /// Tokens of every call made for this reply, in order.
    var usage: [TokenUsage] = []
}

/// ID Call 1: a cover photo in, strict JSON (`IdentifySchema`) out.
protocol VisionModel: Sendable {
    func identify(_ prompt: ModelPrompt, image: PreparedImage) async throws -> ModelReply
}

/// The text calls: ID Call 2 with web search, the standard review (strict JSON), the Ultra review with web search.
protocol TextModel: Sendable {
    /// ID Call 2: identification by web search; the JSON comes in prose and is read tolerantly.
    func searchIdentify(_ prompt: ModelPrompt) async throws -> ModelReply
    /// The standard review, strict JSON (`ReviewReply.schema`).
    func review(_ prompt: ModelPrompt) async throws -> ModelReply
    /// The Ultra review with web search and cited sources.
    func searchReview(_ prompt: ModelPrompt) async throws -> ModelReply
}

/// One provider's implementation of every call, in its own wire format.
protocol ModelProvider: VisionModel, TextModel {
    var kind: ProviderKind { get }
}

extension ModelProvider {
    /// Whether ID Call 2 and the Ultra search review can run here.
    var searchesWeb: Bool { kind.searchesWeb }
}

extension AppEnvironment {
    /// The chosen provider's implementation, on this environment's transport, clock and settings.
    var models: any ModelProvider {
        switch settings.provider {
        case .openai: OpenAIProvider(environment: self)
        case .anthropic: AnthropicProvider(environment: self)
        case .gemini: GeminiProvider(environment: self)
        case .openAICompatible: OpenAICompatibleProvider(environment: self)
        }
    }
}

/// A call the provider cannot make (web search on a local server); the pipeline checks `searchesWeb` first.
struct UnsupportedCall: Error, CustomStringConvertible {
    var description: String
}
