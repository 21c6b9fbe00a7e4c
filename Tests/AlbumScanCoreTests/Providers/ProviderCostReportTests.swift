import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Scans the twelve fixture covers with each provider against its fake (Ultra, advanced search on, so every call
/// kind runs) and prints the estimated price per 1,000 scans from the fakes' token counts and the default price table.
@Suite struct ProviderCostReportTests {
    @Test func pricePerThousandScans() async throws {
        // The providers side by side: each has its own fakes and home.
        let costs = try await withThrowingTaskGroup(of: (ProviderKind, Double).self) { group in
            for provider in ProviderKind.allCases { group.addTask { (provider, try await Self.report(provider)) } }
            return try await group.reduce(into: [ProviderKind: Double]()) { $0[$1.0] = $1.1 }
        }
        #expect(costs[.openAICompatible] == 0)
        #expect((costs[.gemini] ?? 0) < (costs[.openai] ?? 0))
    }

    /// Scans the twelve covers with `provider`, prints its report line and returns its token cost per scan.
    static func report(_ provider: ProviderKind) async throws -> Double {
        let services = try FixtureWorld.start(provider: provider)
        defer { services.stop() }
        // Twelve different albums: the library never answers, so Call 0 is left out.
        let test = try TestEnvironment(services: services) { $0.localMatch = false }
        defer { test.remove() }
        try test.environment.keyring.setTier(.ultra)
        try test.environment.keyring.setAdvancedSearch(true)
        let pipeline = ScanPipeline(environment: test.environment)
        for album in FixtureCatalog.albums {
            _ = await pipeline.scan(try FixtureScans.cover(String(album.slug.prefix(2)), in: test.environment.home))
        }
        let usage = try await test.environment.store().usage(since: .distantPast)
        let cost = usage.compactMap { PriceTable.defaults.cost($0) }.reduce(0, +)
        let tokenOnly: Double = usage.map { (spend: ModelUsage) -> Double in
            var tokens = spend
            tokens.webSearches = 0
            return PriceTable.defaults.cost(tokens) ?? 0
        }.reduce(0.0, +)
        let perScan = cost / Double(FixtureCatalog.albums.count)
        let tokenPerScan = tokenOnly / Double(FixtureCatalog.albums.count)
        let prompt = usage.map(\.promptTokens).reduce(0, +), output = usage.map(\.completionTokens).reduce(0, +)
        let image = usage.map(\.imageTokens).reduce(0, +), searches = usage.map(\.webSearches).reduce(0, +)
        let calls = usage.map(\.calls).reduce(0, +)
        let tokenCost = String(format: "%.2f", tokenPerScan * 1000)
        let fullCost = String(format: "%.2f", perScan * 1000)
        print(
            "cost-report: \(provider.rawValue): \(calls) calls, \(prompt) in (\(image) image) + \(output) out, \(searches) "
                + "searches for 12 scans; per 1,000 scans: tokens $\(tokenCost), with search fees $\(fullCost)")
        return tokenPerScan
    }
}
