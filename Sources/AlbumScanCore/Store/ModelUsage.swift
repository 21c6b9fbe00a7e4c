/// Token totals of one provider's model over a period.
package struct ModelUsage: Sendable, Equatable, Codable {
    package var model: String
    package var promptTokens: Int
    package var completionTokens: Int
    /// How many model calls were recorded.
    package var calls: Int
    /// The provider the calls went to.
    package var provider: ProviderKind
    /// The images' share of `promptTokens` (0 where unknown, as for local models).
    package var imageTokens: Int
    /// Web searches (Anthropic) or grounded prompts (Gemini) run.
    package var webSearches: Int

    /// Creates a usage total.
    package init(
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
