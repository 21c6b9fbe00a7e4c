import AlbumScanCore
import Testing

@testable import AlbumScanApp
@testable import albumscan

/// Numeric settings are range-checked before use, and a bad one names where it was set.
@Suite struct SettingValueTests {
    @Test(arguments: [
        ("1", 1.0), ("0.5", 0.5), ("86400", 86_400), (" 20 ", 20),
    ])
    func acceptsTimeoutsInRange(text: String, seconds: Double) async throws {
        #expect(try SettingValue.seconds(text, from: "ALBUMSCAN_HTTP_TIMEOUT") == seconds)
    }

    @Test(arguments: ["0", "-1", "86401", "1e16", "1e19", "inf", "-inf", "nan", "infinity", "", "ten", "0x1p80"])
    func rejectsTimeoutsOutOfRange(text: String) async {
        #expect(throws: AlbumScanError.self) { try SettingValue.seconds(text, from: "ALBUMSCAN_HTTP_TIMEOUT") }
    }

    @Test(arguments: ["0", "-5", "1000000001", "1e9", "99999999999999999999", "nan", "1.5"])
    func rejectsPixelLimitsOutOfRange(text: String) async {
        #expect(throws: AlbumScanError.self) { try SettingValue.pixels(text, from: "ALBUMSCAN_MAX_PIXELS") }
    }

    @Test(arguments: [("1", 1), ("100000000", 100_000_000), ("1000000000", 1_000_000_000)])
    func acceptsPixelLimitsInRange(text: String, pixels: Int) async throws {
        #expect(try SettingValue.pixels(text, from: "ALBUMSCAN_MAX_PIXELS") == pixels)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -0.01, 2e6] as [Double?] + [nil])
    func rejectsPricesThatAreNotSpendable(price: Double?) async {
        #expect(throws: AlbumScanError.self) { try SettingValue.price(price, from: "prices.\"gpt-4o\".input") }
    }

    @Test func theMessageNamesTheOrigin() async {
        let error = #expect(throws: AlbumScanError.self) {
            try SettingValue.seconds("1e19", from: "http_timeout in /tmp/config.toml")
        }
        #expect(
            error?.message
                == "http_timeout in /tmp/config.toml must be a number of seconds above 0 and at most 86400, not 1e19")
    }
}
