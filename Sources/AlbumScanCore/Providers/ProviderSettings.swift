import Foundation

/// Anthropic Messages settings: key, root, API version and the web search tool.
package struct AnthropicSettings: Sendable, Equatable {
    /// `ANTHROPIC_API_KEY`.
    package var key: String?
    /// `ANTHROPIC_BASE_URL`; requests go to `<root>/v1/messages`.
    package var baseURL = URL(string: "https://api.anthropic.com")!
    /// The `anthropic-version` header.
    package var version = "2023-06-01"
    /// The server web search tool's type (`web_search_20250305`, or a newer version).
    package var webSearchTool = "web_search_20250305"
    /// Most searches one call may run (`max_uses`).
    package var maxSearches = 3
    /// Most `pause_turn` continuations followed for one search call.
    package var maxContinuations = 2

    package init() {}
}

/// Gemini settings: key and root.
package struct GeminiSettings: Sendable, Equatable {
    /// `GEMINI_API_KEY`, else `GOOGLE_API_KEY`.
    package var key: String?
    /// `GEMINI_BASE_URL`; requests go to `<root>/v1beta/models/<model>:generateContent`.
    package var baseURL = URL(string: "https://generativelanguage.googleapis.com")!
    /// The API version path segment.
    package var apiVersion = "v1beta"

    package init() {}
}

/// Settings for an OpenAI-compatible local server (its root is `OPENAI_BASE_URL`).
package struct LocalServerSettings: Sendable, Equatable {
    /// Ollama's OpenAI-compatible root, used when `OPENAI_BASE_URL` is not set.
    package static let defaultBaseURL = URL(string: "http://localhost:11434/v1")!
    /// Longest side of the uploaded photo, `ALBUMSCAN_LOCAL_IMAGE_SIZE`.
    package var imageSide = 768

    package init() {}
}

extension Settings {
    /// Chooses `provider` and its default models (call before applying any `ALBUMSCAN_*_MODEL` setting).
    package mutating func select(_ provider: ProviderKind) {
        self.provider = provider
        (visionModel, searchModel, reviewModel) = provider.defaultModels
    }
}
