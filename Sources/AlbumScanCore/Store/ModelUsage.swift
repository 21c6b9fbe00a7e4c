/// Token totals of one model over a period.
public struct ModelUsage: Sendable, Equatable, Codable {
    public var model: String
    public var promptTokens: Int
    public var completionTokens: Int
    /// How many model calls were recorded.
    public var calls: Int

    /// Creates a usage total.
    public init(model: String, promptTokens: Int, completionTokens: Int, calls: Int) {
        self.model = model
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.calls = calls
    }
}
