import Foundation

@testable import AlbumScanCore

/// A fresh keyring home per test, with a settable clock.
final class KeyringFixture: @unchecked Sendable {
    let home: URL
    private let lock = NSLock()
    private var current: Date

    init(now: Date = KeyringFixture.midNovember) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-keyring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        current = now
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    /// 2026-11-18 11:06:40 UTC.
    static let midNovember = Date(timeIntervalSince1970: 1_795_000_000)
    /// 2026-11-30 23:59:59 UTC.
    static let lastSecondOfNovember = Date(timeIntervalSince1970: 1_796_083_199)
    /// 2026-12-01 00:00:00 UTC.
    static let firstOfDecember = Date(timeIntervalSince1970: 1_796_083_200)
    /// 2027-01-01 00:00:00 UTC.
    static let firstOfJanuary = Date(timeIntervalSince1970: 1_798_761_600)

    var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var keyringPath: String { home.appendingPathComponent("keyring.json").path }
    var secretPath: String { home.appendingPathComponent(".keyring-secret").path }

    func keyring(alive: @escaping @Sendable (ProcessIdentity) -> Bool = { _ in true }) -> Keyring {
        Keyring(home: home, now: { [self] in now }, isProcessAlive: alive)
    }

    func contents() -> Data? { FileManager.default.contents(atPath: keyringPath) }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Writes a state directly, correctly signed (for setting up counters).
    func write(_ state: KeyringState) throws {
        try FileLock.withExclusiveLock(at: home.appendingPathComponent("keyring.lock").path) { _ in
            try KeyringFile(home: home).save(state)
        }
    }

    /// Reserves and commits one scan.
    func scan(with keyring: Keyring) throws {
        try keyring.commit(try keyring.reserve(pid: getpid()))
    }
}

/// Outcomes gathered from several threads.
final class KeyringOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ outcome: String) { lock.withLock { storage.append(outcome) } }
    func count(of outcome: String) -> Int { lock.withLock { storage.filter { $0 == outcome }.count } }
}
