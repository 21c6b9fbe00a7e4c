import Testing

@testable import AlbumScanCore

@Suite struct PriceTableTests {
    @Test(arguments: [
        ("gpt-4o", 1_000_000, 0, 2.50),
        ("gpt-4o", 0, 1_000_000, 10.00),
        ("gpt-4o", 1_119, 10, 0.0028975),
        ("gpt-4o-mini", 2_000_000, 1_000_000, 0.90),
    ])
    func estimatesFromTokenCounts(model: String, prompt: Int, completion: Int, expected: Double) throws {
        let cost = try #require(PriceTable.defaults.cost(model: model, promptTokens: prompt, completionTokens: completion))
        #expect(abs(cost - expected) < 1e-9)
    }

    @Test func unknownModelsHaveNoEstimate() {
        #expect(PriceTable.defaults.cost(model: "llava-local", promptTokens: 10, completionTokens: 10) == nil)
    }
}
