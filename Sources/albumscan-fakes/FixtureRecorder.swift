import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// `albumscan-fakes record`: rewrites `Fixtures/covers` from the catalog and records a full scan of them
/// against the loopback fakes into `Fixtures/recordings`.
struct FixtureRecorder {
    let binary: String
    let covers: URL
    let recordings: URL

    func run() throws {
        let files = FileManager.default
        try files.createDirectory(at: covers, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: covers.path) where name.hasSuffix(".jpg") {
            try files.removeItem(at: covers.appendingPathComponent(name))
        }
        for album in FixtureCatalog.albums {
            try album.cover().write(to: covers.appendingPathComponent("\(album.slug).jpg"))
        }
        if files.fileExists(atPath: recordings.path) { try files.removeItem(at: recordings) }
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let home = files.temporaryDirectory.appendingPathComponent("albumscan-record-\(UUID().uuidString)")
        defer { try? files.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        environment.merge(services.environment) { $1 }
        environment["ALBUMSCAN_HOME"] = home.path
        try runBinary(["account", "set-tier", "ultra"], environment: environment)
        let status = try runBinary(
            ["scan", covers.path, "--record", recordings.path, "--jobs", "1", "--json"], environment: environment)
        try stabilise(hosts: Self.stableHosts(services))
        let count = try files.contentsOfDirectory(atPath: recordings.path).count
        print(
            "recorded \(count) exchanges for \(FixtureCatalog.albums.count) covers (scan exit \(status); unidentified covers give 1)"
        )
        for provider in Self.otherProviders { try recordProvider(provider) }
    }

    /// The providers besides OpenAI, each recorded for `providerCovers` into the same folder (their MusicBrainz and
    /// Cover Art Archive exchanges are the OpenAI run's, byte for byte).
    static let otherProviders: [ProviderKind] = [.anthropic, .gemini, .openAICompatible]
    /// Call 1 names the first; the second needs a web search (Call 2, or `unavailable` on a local server).
    static let providerCovers = ["01-velvet-circuit", "03-mira-solenne"]

    /// Scans `providerCovers` with `provider`, Ultra with advanced search on, recording every exchange.
    func recordProvider(_ provider: ProviderKind) throws {
        let files = FileManager.default
        let services = try FixtureWorld.start(provider: provider)
        defer { services.stop() }
        let home = files.temporaryDirectory.appendingPathComponent("albumscan-record-\(UUID().uuidString)")
        defer { try? files.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_") && !$0.key.hasPrefix("ANTHROPIC_")
                && !$0.key.hasPrefix("GEMINI_") && !$0.key.hasPrefix("GOOGLE_")
        }
        environment.merge(services.environment) { $1 }
        environment["ALBUMSCAN_HOME"] = home.path
        try runBinary(["account", "set-tier", "ultra"], environment: environment)
        try runBinary(["account", "advanced-search", "on"], environment: environment)
        let inputs = Self.providerCovers.map { covers.appendingPathComponent("\($0).jpg").path }
        let status = try runBinary(
            ["scan"] + inputs + ["--record", recordings.path, "--jobs", "1", "--json"], environment: environment)
        try stabilise(hosts: Self.stableHosts(services))
        print("recorded \(provider.rawValue) for \(inputs.count) covers (scan exit \(status))")
    }

    /// The fakes listen on random ports; each gets a fixed stand-in.
    static func stableHosts(_ services: FakeServices) -> [String: String] {
        var hosts = [
            services.openAI.server.baseURL: "http://127.0.0.1:8701", services.musicBrainz.server.baseURL: "http://127.0.0.1:8702",
            services.coverArt.baseURL: "http://127.0.0.1:8703", services.coverArt.archiveBaseURL: "http://127.0.0.1:8704",
        ]
        if let anthropic = services.anthropic { hosts[anthropic.server.baseURL] = "http://127.0.0.1:8705" }
        if let gemini = services.gemini { hosts[gemini.server.baseURL] = "http://127.0.0.1:8706" }
        if let local = services.local { hosts[local.server.baseURL] = "http://127.0.0.1:8707" }
        return hosts
    }

    /// The fakes listen on random ports; fixed stand-ins keep regenerated recordings byte-identical.
    /// Replay ignores scheme, host and port when matching, so the stand-ins never need to be reachable.
    func stabilise(hosts: [String: String]) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: recordings.path) {
            let file = recordings.appendingPathComponent(name)
            var text = try String(contentsOf: file, encoding: .utf8)
            for (live, stable) in hosts { text = text.replacingOccurrences(of: live, with: stable) }
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    @discardableResult
    func runBinary(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
