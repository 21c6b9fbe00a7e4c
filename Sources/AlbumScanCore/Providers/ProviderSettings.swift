import Foundation

/// Anthropic Messages settings: key, root, API version and the web search tool.
public struct AnthropicSettings: Sendable, Equatable {
    /// `ANTHROPIC_API_KEY`.
    public var key: String?
    /// `ANTHROPIC_BASE_URL`; requests go to `<root>/v1/messages`.
    public var baseURL = URL(string: "https://api.anthropic.com")!
    /// The `anthropic-version` header.
    public var version = "2023-06-01"
    /// The server web search tool's type (`web_search_20250305`, or a newer version).
    public var webSearchTool = "web_search_20250305"
    /// Most searches one call may run (`max_uses`).
    public var maxSearches = 3
    /// Most `pause_turn` continuations followed for one search call.
    public var maxContinuations = 2

    public init() {}
}

/// Gemini settings: key and root.
public struct GeminiSettings: Sendable, Equatable {
    /// `GEMINI_API_KEY`, else `GOOGLE_API_KEY`.
    public var key: String?
    /// `GEMINI_BASE_URL`; requests go to `<root>/v1beta/models/<model>:generateContent`.
    public var baseURL = URL(string: "https://generativelanguage.googleapis.com")!
    /// The API version path segment.
    public var apiVersion = "v1beta"

    public init() {}
}

/// Settings for an OpenAI-compatible local server (its root is `OPENAI_BASE_URL`).
public struct LocalServerSettings: Sendable, Equatable {
    /// Ollama's OpenAI-compatible root, used when `OPENAI_BASE_URL` is not set.
    public static let defaultBaseURL = URL(string: "http://localhost:11434/v1")!
    /// Longest side of the uploaded photo, `ALBUMSCAN_LOCAL_IMAGE_SIZE`.
    public var imageSide = 768

    public init() {}
}

extension Settings {
    /// Chooses `provider` and its default models (call before applying any `ALBUMSCAN_*_MODEL` setting).
    public mutating func select(_ provider: ProviderKind) {
        self.provider = provider
        (visionModel, searchModel, reviewModel) = provider.defaultModels
    }
}
