import Foundation
import Testing

/// Out-of-range numbers in the environment or config.toml end in exit 78 naming the setting, never a trap.
@Suite struct ConfigFaultTests {
    @Test(arguments: [
        ("ALBUMSCAN_HTTP_TIMEOUT", "1e16"), ("ALBUMSCAN_HTTP_TIMEOUT", "inf"), ("ALBUMSCAN_HTTP_TIMEOUT", "nan"),
        ("ALBUMSCAN_SCAN_TIMEOUT", "1e19"), ("ALBUMSCAN_MAX_PIXELS", "99999999999999999999"),
        ("ALBUMSCAN_MUSICBRAINZ_RATE", "101"), ("ALBUMSCAN_MUSICBRAINZ_RATE", "0"), ("ALBUMSCAN_MUSICBRAINZ_RATE", "fast"),
    ])
    func anOutOfRangeVariableIsAConfigurationError(variable: String, value: String) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let output = try await runner.run(["account"], extraEnvironment: [variable: value])
        #expect(output.status == 78)
        #expect(output.stderr.hasPrefix("albumscan: \(variable) must be"))
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test(arguments: ["http_timeout = 1e19", "scan_timeout = inf", "max_pixels = 1e19", "musicbrainz_rate = 500"])
    func anOutOfRangeConfigValueNamesItsKeyAndFile(line: String) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let config = runner.home.appendingPathComponent("config.toml")
        try Data((line + "\n").utf8).write(to: config)
        let output = try await runner.run(["account"], extraEnvironment: ["ALBUMSCAN_CONFIG": config.path])
        let key = String(line.prefix { $0 != " " })
        #expect(output.status == 78)
        #expect(output.stderr.contains("\(key) in \(config.path) must be"))
    }

    @Test func aNaNPriceIsRejectedBeforeAccountJSON() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let config = runner.home.appendingPathComponent("config.toml")
        try Data("[prices.\"gpt-4o\"]\ninput = nan\noutput = -1\n".utf8).write(to: config)
        let output = try await runner.run(["account", "--json"], extraEnvironment: ["ALBUMSCAN_CONFIG": config.path])
        #expect(output.status == 78)
        #expect(output.stderr.contains("prices.\"gpt-4o\".input in \(config.path)"))
    }

    @Test func aMissingConfigNamedByTheEnvironmentIsAnError() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let missing = runner.home.appendingPathComponent("nope.toml").path
        let output = try await runner.run(["account"], extraEnvironment: ["ALBUMSCAN_CONFIG": missing])
        #expect(output.status == 78)
        #expect(output.stderr.contains("ALBUMSCAN_CONFIG names \(missing), which does not exist"))
    }

    /// musicbrainz.org never gets more than one request a second: a higher rate is lowered, with a warning naming it;
    /// a mirror takes it as it is.
    @Test func aRateAboveOneIsLoweredOnThePublicServerOnly() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let lowered = try await runner.run(["account"], extraEnvironment: ["ALBUMSCAN_MUSICBRAINZ_RATE": "20"])
        #expect(lowered.status == 0)
        #expect(lowered.stderr.contains("warning: ALBUMSCAN_MUSICBRAINZ_RATE is 20, but musicbrainz.org allows 1 request a second"))
        let mirror = try await runner.run(
            ["account"],
            extraEnvironment: ["ALBUMSCAN_MUSICBRAINZ_RATE": "20", "ALBUMSCAN_MUSICBRAINZ_URL": "http://127.0.0.1:5000/ws/2"])
        #expect(mirror.status == 0 && !mirror.stderr.contains("warning"), "\(mirror.stderr)")
    }
}
