import AlbumScanCore
import Foundation

/// The test form of `AppEnvironment`: the fakes answer in-process, time runs on an accelerated clock, and
/// output and diagnostics are captured.
package struct TestEnvironment: Sendable {
    package let environment: AppEnvironment
    package let transport: InProcessTransport
    package let clock: AcceleratedClock
    /// Lines the environment's console and log received, in order (`out: `, `err: ` or `log: ` first).
    package let lines = LockedValue<[String]>([])

    /// An environment wired to `services` with a fresh home under the temporary folder.
    package init(
        services: FakeServices, refusing: Set<Int> = [], clock: AcceleratedClock = AcceleratedClock(),
        configure: (inout Settings) -> Void = { _ in }
    ) throws {
        var settings = Settings()
        settings.openAIKey = services.openAI.apiKey
        settings.openAIBaseURL = try Self.url(services.openAI.baseURL)
        settings.musicBrainzURL = try Self.url(services.musicBrainz.baseURL)
        settings.coverArtURL = try Self.url(services.coverArt.baseURL)
        settings.select(services.provider)
        if let anthropic = services.anthropic {
            settings.anthropic.key = anthropic.apiKey
            settings.anthropic.baseURL = try Self.url(anthropic.baseURL)
        }
        if let gemini = services.gemini {
            settings.gemini.key = gemini.apiKey
            settings.gemini.baseURL = try Self.url(gemini.baseURL)
        }
        if let local = services.local {
            settings.openAIKey = nil
            settings.openAIBaseURL = try Self.url(local.baseURL)
        }
        if let discogs = services.discogs {
            settings.discogsURL = try Self.url(discogs.baseURL)
            settings.discogsToken = discogs.token
        }
        // The deadline is on the accelerated clock, but CPU work (decoding, the matcher) runs in real time: keep
        // the real-time allowance of a live scan, so a loaded test machine does not time scans out.
        settings.scanDeadline *= clock.factor
        configure(&settings)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let transport = InProcessTransport(servers: services.servers, refusing: refusing, sleep: clock.sleep)
        let lines = self.lines
        self.transport = transport
        self.clock = clock
        environment = AppEnvironment(
            settings: settings, home: home, transport: transport, now: clock.now, sleep: clock.sleep,
            random: { 0.5 }, log: { line in lines.withLock { $0.append("log: " + line) } },
            console: Console(
                out: { line in lines.withLock { $0.append("out: " + line) } },
                err: { line in lines.withLock { $0.append("err: " + line) } }))
    }

    /// Removes the home folder.
    package func remove() {
        try? FileManager.default.removeItem(at: environment.home)
    }

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw LoopbackServerError(call: "URL \(text)", code: 0) }
        return url
    }
}
