/// Token prices per model, for the spend estimate `account` shows. Overridable in the config file.
package struct PriceTable: Sendable, Equatable {
    /// US dollars per million tokens, and per thousand web searches (grounded prompts for Gemini).
    package struct Price: Sendable, Equatable {
        package var input: Double
        package var output: Double
        /// USD per 1,000 web searches; 0 where the fee is not known or not charged separately.
        package var search: Double

        package init(input: Double, output: Double, search: Double = 0) {
            self.input = input
            self.output = output
            self.search = search
        }
    }

    package var prices: [String: Price]

    /// Published list prices when this table was written (USD per 1M tokens). Search fees: Anthropic $10 per 1,000
    /// searches, Gemini 2.5 $35 per 1,000 grounded prompts (past the free daily allowance); OpenAI's search-preview
    /// call fees are not included. Local models cost nothing unless the config file gives them a price.
    package static let defaults = PriceTable(prices: [
        "gpt-4o": Price(input: 2.50, output: 10.00),
        "gpt-4o-search-preview": Price(input: 2.50, output: 10.00),
        "gpt-4o-mini": Price(input: 0.15, output: 0.60),
        "gpt-4o-mini-search-preview": Price(input: 0.15, output: 0.60),
        "claude-sonnet-4-5": Price(input: 3.00, output: 15.00, search: 10),
        "claude-haiku-4-5": Price(input: 1.00, output: 5.00, search: 10),
        "gemini-2.5-flash": Price(input: 0.30, output: 2.50, search: 35),
        "gemini-2.5-flash-lite": Price(input: 0.10, output: 0.40, search: 35),
    ])

    package init(prices: [String: Price]) {
        self.prices = prices
    }

    /// The estimated cost in dollars, or nil for a model without a price.
    package func cost(model: String, promptTokens: Int, completionTokens: Int, webSearches: Int = 0) -> Double? {
        guard let price = prices[model] else { return nil }
        return (Double(promptTokens) * price.input + Double(completionTokens) * price.output) / 1_000_000
            + Double(webSearches) * price.search / 1_000
    }

    /// The estimated cost of a usage total: a local model without a configured price costs nothing.
    package func cost(_ usage: ModelUsage) -> Double? {
        if prices[usage.model] == nil, usage.provider == .openAICompatible { return 0 }
        return cost(
            model: usage.model, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens,
            webSearches: usage.webSearches)
    }
}
