/// Which model service scans talk to, chosen with `ALBUMSCAN_PROVIDER`, `provider` in config.toml or `--provider`.
package enum ProviderKind: String, Sendable, CaseIterable, Codable {
    /// OpenAI Chat Completions (the default).
    case openai
    /// Anthropic Messages.
    case anthropic
    /// Google Gemini `generateContent`.
    case gemini
    /// A local OpenAI-compatible server: Ollama, llama.cpp, vLLM, LM Studio.
    case openAICompatible = "openai-compatible"

    /// The provider named by `value` (case-insensitive; `ollama` and `local` name the OpenAI-compatible one).
    package init?(name value: String) {
        let name = value.trimmingCharacters(in: .whitespaces).lowercased()
        switch name {
        case "ollama", "local", "openai_compatible": self = .openAICompatible
        default:
            guard let kind = ProviderKind(rawValue: name) else { return nil }
            self = kind
        }
    }

    /// The name used in messages.
    package var displayName: String {
        switch self {
        case .openai: "OpenAI"
        case .anthropic: "Anthropic"
        case .gemini: "Gemini"
        case .openAICompatible: "the OpenAI-compatible server"
        }
    }

    /// The environment variable holding this provider's key, as named in messages.
    package var keyVariable: String {
        switch self {
        case .openai, .openAICompatible: "OPENAI_API_KEY"
        case .anthropic: "ANTHROPIC_API_KEY"
        case .gemini: "GEMINI_API_KEY"
        }
    }

    /// Whether a live scan needs a key (local servers usually take none).
    package var needsKey: Bool { self != .openAICompatible }

    /// Whether the provider can search the web: ID Call 2 and the Ultra review with sources need it.
    package var searchesWeb: Bool { self != .openAICompatible }

    /// The default models: vision (ID Call 1), search (ID Call 2 and the Ultra review) and review.
    package var defaultModels: (vision: String, search: String, review: String) {
        switch self {
        case .openai: ("gpt-4o", "gpt-4o-search-preview", "gpt-4o")
        case .anthropic: ("claude-sonnet-4-5", "claude-sonnet-4-5", "claude-haiku-4-5")
        case .gemini: ("gemini-2.5-flash", "gemini-2.5-flash", "gemini-2.5-flash")
        case .openAICompatible: ("qwen2.5vl:7b", "qwen2.5vl:7b", "qwen2.5vl:7b")
        }
    }

    /// How the provider is asked for strict JSON, for `--verbose` and the README.
    package var structuredOutput: String {
        switch self {
        case .openai: "response_format json_schema (strict)"
        case .anthropic: "output_config.format json_schema"
        case .gemini: "generationConfig.responseSchema"
        case .openAICompatible: "response_format json_schema (the server's grammar; strict ignored)"
        }
    }

    /// The `ALBUMSCAN_PROVIDER` values, for messages.
    package static var names: String { "openai, anthropic, gemini or openai-compatible" }
}
