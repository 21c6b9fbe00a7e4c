import AlbumScanCore
import Testing

@testable import AlbumScanApp
@testable import albumscan

/// config.toml: prices are checked, and a value's origin names the file when the environment did not set it.
@Suite struct ConfigFileTests {
    static let path = "/home/u/.config/albumscan/config.toml"

    @Test(arguments: [
        "[prices.\"gpt-4o\"]\ninput = nan\noutput = 1", "[prices.\"gpt-4o\"]\ninput = 1\noutput = inf",
        "[prices.\"gpt-4o\"]\ninput = -2.5\noutput = 10", "[prices.\"gpt-4o\"]\ninput = 1",
        "[prices.\"gpt-4o\"]\ninput = \"1\"\noutput = 1",
    ])
    func rejectsUnusablePrices(text: String) async {
        let error = #expect(throws: AlbumScanError.self) { try ConfigFile.parse(text, path: Self.path) }
        #expect(error.map { ExitCodes.code(for: $0) } == 78)
        #expect(error?.message.contains(Self.path) == true)
    }

    @Test func acceptsAFreeModel() async throws {
        let config = try ConfigFile.parse("[prices.\"local\"]\ninput = 0\noutput = 0", path: Self.path)
        #expect(config.prices.prices["local"] == PriceTable.Price(input: 0, output: 0))
    }

    @Test(arguments: [
        ([:], "http_timeout in \(path)"), (["ALBUMSCAN_HTTP_TIMEOUT": "5"], "ALBUMSCAN_HTTP_TIMEOUT"),
    ])
    func namesWhereAValueCameFrom(environment: [String: String], origin: String) async throws {
        let config = try ConfigFile.parse("http_timeout = 1e19", path: Self.path)
        #expect(config.origin(of: "ALBUMSCAN_HTTP_TIMEOUT", environment: environment) == origin)
    }

    @Test func aMissingExplicitConfigIsAnError() async {
        let error = #expect(throws: AlbumScanError.self) {
            try ConfigFile.load(["ALBUMSCAN_CONFIG": "/nonexistent/albumscan.toml"])
        }
        #expect(error?.message.contains("/nonexistent/albumscan.toml") == true)
    }
}
