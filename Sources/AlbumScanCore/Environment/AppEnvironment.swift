import Foundation

/// The one value every command runs on: settings, state paths, HTTP, store, keyring, clock, output.
///
/// The CLI builds the live form (`AppEnvironment.live`); tests build their own with a transport that
/// answers in-process and a virtual clock. The core never reaches for `Date()`, `Task.sleep`,
/// `ProcessInfo` or a global queue: whatever it needs comes through here.
public struct AppEnvironment: Sendable {
    public var settings: Settings
    /// The folder holding the database, keyring, caches and locks.
    public var home: URL
    /// Live, recording or replaying; `transport` was built for it.
    public var transportMode: TransportMode
    public var transport: any HTTPTransport
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Double) async throws -> Void
    /// A number in 0..<1, for retry jitter.
    public var random: @Sendable () -> Double
    /// Verbose diagnostics; callers pass text that holds no secret.
    public var log: @Sendable (String) -> Void
    public var console: Console
    /// Where blocking work runs (see `BlockingPool` for the rule).
    public var blocking: BlockingPool
    public var prompts: PromptLibrary
    /// The tier and quota in `home`.
    public var keyring: Keyring
    /// Compares the photo with downloaded artwork.
    public var matcher: ArtworkMatcher
    /// Work shared by concurrent scans of the same album in this process.
    let flights = ScanFlights()
    /// Albums a photo can be re-matched to with no model call (loaded from the store on first use).
    let localIndex = LocalIndex()
    /// Photos of this run still in flight (batch duplicates wait for them).
    let runPhotos = RunPhotos()
    private let storeOpener = StoreOpener()

    public init(
        settings: Settings, home: URL, transportMode: TransportMode = .live, transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: @escaping @Sendable (String) -> Void = { _ in }, console: Console = .silent,
        blocking: BlockingPool = .shared, matcher: ArtworkMatcher = .live,
        isProcessAlive: @escaping @Sendable (ProcessIdentity) -> Bool = ProcessIdentity.isAlive
    ) {
        self.settings = settings
        self.home = home
        self.transportMode = transportMode
        self.transport = transport
        self.now = now
        self.sleep = sleep
        self.random = random
        self.log = log
        self.console = console
        self.blocking = blocking
        self.matcher = matcher
        self.prompts = PromptLibrary(overrideDirectory: settings.promptsDirectory)
        let database = home.appendingPathComponent(AlbumStore.defaultFileName).path
        self.keyring = Keyring(home: home, now: now, isProcessAlive: isProcessAlive) { reservations in
            // Only reached when a scan was interrupted: no store means no scan was saved.
            guard FileManager.default.fileExists(atPath: database) else { return [:] }
            return try StoreDatabase(path: database).scansCharged(to: reservations)
        }
    }

    /// The live form: curl (or recordings) for HTTP, the wall clock, real sleeps.
    public static func live(
        settings: Settings, home: URL, transportMode: TransportMode, log: @escaping @Sendable (String) -> Void,
        console: Console
    ) throws -> AppEnvironment {
        let transport = try transportMode.transport(over: LazyTransport { CurlTransport() }, settings: settings)
        return AppEnvironment(
            settings: settings, home: home, transportMode: transportMode, transport: transport, log: log, console: console)
    }

    /// Whether MusicBrainz requests are kept 1 s apart (not when replaying: nothing reaches MusicBrainz).
    var spacesMusicBrainzRequests: Bool { transportMode.reachesNetwork }

    /// The database path inside `home`.
    public var databasePath: String { home.appendingPathComponent(AlbumStore.defaultFileName).path }

    /// The store, opened on first use and shared by every later call on this environment.
    public func store() async throws -> AlbumStore {
        try await storeOpener.store { try await AlbumStore.open(path: databasePath, environment: self) }
    }

    /// Runs blocking work (file locks, fsync, SQLite, JPEG coding) on the blocking pool.
    public func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await blocking.run(body)
    }
}
