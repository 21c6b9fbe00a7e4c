import Foundation

/// The effects a scan may use, injected so tests and replay control them all.
public struct ScanEnvironment: Sendable {
    public var settings: Settings
    public var transport: any HTTPTransport
    /// The folder holding the database, keyring, caches and locks.
    public var home: URL
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Double) async throws -> Void
    /// A number in 0..<1, for retry jitter.
    public var random: @Sendable () -> Double
    /// Verbose diagnostics; callers pass text that holds no secret.
    public var log: @Sendable (String) -> Void
    /// Whether to keep MusicBrainz requests 1 s apart across processes (off when replaying).
    public var spaceMusicBrainzRequests: Bool

    public init(
        settings: Settings, transport: any HTTPTransport, home: URL,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: @escaping @Sendable (String) -> Void = { _ in },
        spaceMusicBrainzRequests: Bool = true
    ) {
        self.settings = settings
        self.transport = transport
        self.home = home
        self.now = now
        self.sleep = sleep
        self.random = random
        self.log = log
        self.spaceMusicBrainzRequests = spaceMusicBrainzRequests
    }
}
