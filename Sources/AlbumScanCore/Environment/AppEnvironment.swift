import Foundation

/// The one value every command runs on: settings, state paths, HTTP, store, keyring, clock, output.
///
/// The CLI builds the live form (`AppEnvironment.live`); tests build their own with a transport that
/// answers in-process and a virtual clock. The core never reaches for `Date()`, `Task.sleep`,
/// `ProcessInfo` or a global queue: whatever it needs comes through here.
package struct AppEnvironment: Sendable {
    /// Fixed for the environment's life: `with(_:)` makes another environment from changed settings.
    package let settings: Settings
    /// The folder holding the database, keyring, caches and locks.
    package var home: URL
    /// Live, recording or replaying; `transport` was built for it.
    package var transportMode: TransportMode
    package var transport: any HTTPTransport
    package var now: @Sendable () -> Date
    package var sleep: @Sendable (Double) async throws -> Void
    /// A number in 0..<1, for retry jitter.
    package var random: @Sendable () -> Double
    /// Verbose diagnostics; callers pass text that holds no secret.
    package var log: @Sendable (String) -> Void
    package var console: Console
    /// Where blocking work runs (see `BlockingPool` for the rule).
    package var blocking: BlockingPool
    /// The prompts, from the compiled-in texts or `settings.promptsDirectory`.
    package let prompts: PromptLibrary
    /// The tier and quota in `home`.
    package var keyring: Keyring
    /// Compares the photo with downloaded artwork.
    package var matcher: ArtworkMatcher
    /// State that scans share, and that an environment made by `with(_:)` shares too.
    private let shared: SharedState
    /// Work shared by concurrent scans of the same album in this process.
    var flights: ScanFlights { shared.flights }
    /// Albums a photo can be re-matched to with no model call (loaded from the store on first use).
    var localIndex: LocalIndex { shared.localIndex }
    /// Photos of this run still in flight (batch duplicates wait for them).
    var runPhotos: RunPhotos { shared.runPhotos }

    private struct SharedState: Sendable {
        let flights = ScanFlights()
        let localIndex = LocalIndex()
        let runPhotos = RunPhotos()
        let storeOpener = StoreOpener()
    }

    package init(
        settings: Settings, home: URL, transportMode: TransportMode = .live, transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: @escaping @Sendable (String) -> Void = { _ in }, console: Console = .silent,
        blocking: BlockingPool = .shared, matcher: ArtworkMatcher = .live,
        isProcessAlive: @escaping @Sendable (ProcessIdentity) -> Bool = ProcessIdentity.isAlive
    ) {
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
        self.shared = SharedState()
        self.settings = settings
        self.prompts = Self.prompts(for: settings)
        let database = home.appendingPathComponent(AlbumStore.defaultFileName).path
        self.keyring = Keyring(home: home, now: now, isProcessAlive: isProcessAlive) { reservations in
            // Only reached when a scan was interrupted: no store means no scan was saved.
            guard FileManager.default.fileExists(atPath: database) else { return [:] }
            return try StoreDatabase(path: database).scansCharged(to: reservations)
        }
    }

    /// The same environment with changed settings: what derives from them (the prompts) is rebuilt, and the state
    /// scans share (the store, work in flight, the library index) stays shared.
    package func with(_ change: (inout Settings) -> Void) -> AppEnvironment {
        var settings = self.settings
        change(&settings)
        return AppEnvironment(settings: settings, rest: self)
    }

    private init(settings: Settings, rest other: AppEnvironment) {
        (home, transportMode, transport) = (other.home, other.transportMode, other.transport)
        (now, sleep, random, log) = (other.now, other.sleep, other.random, other.log)
        (console, blocking, keyring) = (other.console, other.blocking, other.keyring)
        (matcher, shared) = (other.matcher, other.shared)
        self.settings = settings
        prompts = Self.prompts(for: settings)
    }

    /// What derives from the settings, built here only.
    private static func prompts(for settings: Settings) -> PromptLibrary {
        PromptLibrary(overrideDirectory: settings.promptsDirectory)
    }

    /// The live form: curl (or recordings) for HTTP, the wall clock, real sleeps.
    package static func live(
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
    package var databasePath: String { home.appendingPathComponent(AlbumStore.defaultFileName).path }

    /// The store, opened on first use and shared by every later call on this environment.
    package func store() async throws -> AlbumStore {
        try await shared.storeOpener.store { try await AlbumStore.open(path: databasePath, environment: self) }
    }

    /// Whether `store()` has opened the store (false before it is asked, and while it is being opened).
    package var storeIsOpen: Bool { shared.storeOpener.isOpen }

    /// The store for a command that only reads: before the first scan there is no database, and asking creates none
    /// (an empty in-memory store answers instead). A state folder that is a file, or that cannot be read, is a storage
    /// problem (exit 74, as `scan` says it), not an empty catalogue.
    package func storeToRead() async throws -> AlbumStore {
        var isFolder: ObjCBool = false
        let folder = home.path
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw AlbumScanError.storage("the state folder \(folder) is a file; set ALBUMSCAN_HOME to a folder")
            }
            guard FileManager.default.isReadableFile(atPath: folder), FileManager.default.isExecutableFile(atPath: folder)
            else {
                throw AlbumScanError.storage("cannot read the state folder \(folder); set ALBUMSCAN_HOME to a readable folder")
            }
        }
        guard FileManager.default.fileExists(atPath: databasePath) else { return AlbumStore(try StoreDatabase.inMemory()) }
        return try await store()
    }

    /// Runs blocking work (file locks, fsync, SQLite, JPEG coding) on the blocking pool.
    package func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await blocking.run(body)
    }

    /// Runs work bound by the processor on the compute pool, one job per core at a time.
    package func compute<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await BlockingPool.compute.run(body)
    }

    /// Starts work done ahead of need on the background pool, below the priority of the scans' own work, and
    /// returns at once. Whoever needs the work's result later does it (or waits for it) then.
    package func startInBackground(_ job: @escaping @Sendable () -> Void) {
        BlockingPool.background.start(job)
    }

    /// Starts work a scan will wait for next on the compute pool, at the scans' own priority, and returns at once.
    package func startBeside(_ job: @escaping @Sendable () -> Void) {
        BlockingPool.compute.start(job)
    }
}

extension AppEnvironment {
    /// A change made now through this environment's door, for the change log.
    package var changeStamp: ChangeStamp { ChangeStamp(door: settings.door, at: now()) }
}
