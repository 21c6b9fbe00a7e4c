import Foundation
import GRDB

/// The local SQLite database of scans, albums, artwork, cached reviews, release lookups and token usage, with a
/// synchronous API: every call blocks. Async code reaches it only through `AlbumStore`, whose calls run on the
/// blocking pool.
package final class StoreDatabase: Sendable {
    /// The database file name inside `ALBUMSCAN_HOME`.
    package static let defaultFileName = "albumscan.sqlite"
    /// How long a writer waits for another process's transaction before failing.
    package static let busyTimeout: TimeInterval = 15

    let writer: any DatabaseWriter
    /// The database path, or ":memory:", for error messages.
    let location: String
    /// The file's device and inode when it was opened, to notice it being removed or replaced (nil in memory).
    private let fileIdentity: FileIdentity?

    /// Opens (creating if needed) the database file at `path` in WAL mode and migrates it; one attempt.
    package convenience init(path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try self.init(writer: try DatabasePool(path: path, configuration: Self.configuration()), location: path)
        } catch let error as AlbumScanError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            throw StillSwitchingToWAL()
        } catch {
            // A read-only home (a read-only mount, a backup) still serves history, show and account.
            if FileManager.default.fileExists(atPath: path), !PosixIO.isWritable(directory.path),
                // try?: a home that cannot be opened read-only either fails with the first error, thrown below
                let readOnly = try? Self.openReadOnly(path)
            {
                try self.init(writer: readOnly, location: path, migrate: false)
                return
            }
            throw AlbumScanError.storage("cannot open the database at \(path): \(Self.describe(error))")
        }
    }

    // SQLite cannot open a WAL database read-only in a folder where it may not create the shared-memory
    // file, unless told the file is immutable; nothing can change it there anyway.
    private static func openReadOnly(_ path: String) throws -> DatabaseQueue {
        var config = configuration()
        config.readonly = true
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["?", "#", "%"])) ?? path
        return try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: config)
    }

    struct StillSwitchingToWAL: Error {}

    /// An empty, migrated in-memory database for tests.
    package static func inMemory() throws -> StoreDatabase {
        do {
            return try StoreDatabase(writer: DatabaseQueue(configuration: configuration()), location: ":memory:")
        } catch let error as AlbumScanError {
            throw error
        } catch {
            throw AlbumScanError.storage("cannot open an in-memory database: \(describe(error))")
        }
    }

    private init(writer: any DatabaseWriter, location: String, migrate: Bool = true) throws {
        self.writer = writer
        self.location = location
        self.fileIdentity = location == ":memory:" ? nil : FileIdentity(path: location)
        if migrate { try self.migrate() }
    }

    private static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.label = "albumscan"
        return config
    }

    // Two processes opening a fresh file race through the migrator (it reads the applied
    // migrations before taking the write lock); the loser fails on "table exists" and
    // simply re-runs, now seeing the winner's migrations as applied.
    private func migrate() throws {
        let migrator = StoreSchema.migrator
        var attempts = 0
        while true {
            do {
                try migrator.migrate(writer)
                return
            } catch {
                attempts += 1
                if attempts >= 8 {
                    throw AlbumScanError.storage("cannot migrate the database at \(location): \(Self.describe(error))")
                }
            }
        }
    }

    /// Runs a read, mapping database failures to a storage error.
    func read<T>(_ what: String, _ body: (Database) throws -> T) throws -> T {
        try guarded(what) { try writer.read(body) }
    }

    /// Runs one write transaction, mapping database failures to a storage error (a full disk, a read-only file).
    func write<T>(_ what: String, _ body: (Database) throws -> T) throws -> T {
        try guarded(what) { try writer.write(body) }
    }

    private func guarded<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AlbumScanError {
            throw error
        } catch let stale as StaleVersion {
            throw stale
        } catch {
            throw AlbumScanError.storage("database \(location): \(what) failed: \(Self.describe(error))")
        }
    }

    // A database deleted or swapped while albumscan runs keeps taking writes into the open, unlinked file,
    // which no later command can see. Checked after saving, so no scan id is reported that is not on disk.
    /// Throws when the database file at the path is no longer the one this store opened.
    package func checkStillOnDisk() throws {
        guard let fileIdentity else { return }
        guard FileIdentity(path: location) == fileIdentity else {
            throw AlbumScanError.storage(
                "the database \(location) was removed or replaced while albumscan ran; nothing more can be saved, run again")
        }
    }

    /// Moves the WAL into the main file and truncates it (used to measure the file size).
    package func checkpoint() throws {
        try guarded("checkpoint") {
            _ = try writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return "\(error)"
    }
}
