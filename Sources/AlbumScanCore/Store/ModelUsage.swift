/// Token totals of one provider's model over a period.
public struct ModelUsage: Sendable, Equatable, Codable {
    public var model: String
    public var promptTokens: Int
    public var completionTokens: Int
    /// How many model calls were recorded.
    public var calls: Int
    /// The provider the calls went to.
    public var provider: ProviderKind
    /// The images' share of `promptTokens` (0 where unknown, as for local models).
    public var imageTokens: Int
    /// Web searches (Anthropic) or grounded prompts (Gemini) run.
    public var webSearches: Int

    /// Creates a usage total.
    public init(
        model: String, promptTokens: Int, completionTokens: Int, calls: Int, provider: ProviderKind = .openai,
        imageTokens: Int = 0, webSearches: Int = 0
    ) {
        self.model = model
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.calls = calls
        self.provider = provider
        self.imageTokens = imageTokens
        self.webSearches = webSearches
    }
}
