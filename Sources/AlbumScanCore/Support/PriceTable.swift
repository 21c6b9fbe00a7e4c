/// Token prices per model, for the spend estimate `account` shows. Overridable in the config file.
public struct PriceTable: Sendable, Equatable {
    /// US dollars per million tokens.
    public struct Price: Sendable, Equatable {
        public var input: Double
        public var output: Double

        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    public var prices: [String: Price]

    /// Published list prices when this table was written (USD per 1M tokens); web-search call fees are not included.
    public static let defaults = PriceTable(prices: [
        "gpt-4o": Price(input: 2.50, output: 10.00),
        "gpt-4o-search-preview": Price(input: 2.50, output: 10.00),
        "gpt-4o-mini": Price(input: 0.15, output: 0.60),
        "gpt-4o-mini-search-preview": Price(input: 0.15, output: 0.60),
    ])

    public init(prices: [String: Price]) {
        self.prices = prices
    }

    /// The estimated cost in dollars, or nil for a model without a price.
    public func cost(model: String, promptTokens: Int, completionTokens: Int) -> Double? {
        guard let price = prices[model] else { return nil }
        return (Double(promptTokens) * price.input + Double(completionTokens) * price.output) / 1_000_000
    }
}
