import Foundation

/// The library's store for async code: each call runs its SQL on the blocking pool, so no caller can hold a thread
/// of the cooperative pool on SQLite by accident (the synchronous `StoreDatabase` is only reachable inside `run`).
package struct AlbumStore: Sendable {
    /// The database file name inside `ALBUMSCAN_HOME`.
    package static let defaultFileName = "albumscan.sqlite"

    let database: StoreDatabase
    let blocking: BlockingPool

    package init(_ database: StoreDatabase, blocking: BlockingPool = .shared) {
        self.database = database
        self.blocking = blocking
    }

    // Several processes opening a fresh file at once can meet SQLITE_BUSY while one of them switches the file to
    // WAL, which the busy timeout does not cover; a short, growing pause settles it.
    /// Opens the store at `path`, waiting out another process's switch to WAL.
    package static func open(path: String, environment: AppEnvironment) async throws -> AlbumStore {
        var attempt = 0
        while true {
            do {
                return AlbumStore(try await environment.offload { try StoreDatabase(path: path) }, blocking: environment.blocking)
            } catch is StoreDatabase.StillSwitchingToWAL where attempt < 20 {
                attempt += 1
                try await environment.sleep(0.02 * Double(attempt))
            } catch is StoreDatabase.StillSwitchingToWAL {
                throw AlbumScanError.storage("cannot open the database at \(path): it stayed locked by another process")
            }
        }
    }

    /// Runs several statements in a row on the blocking pool (each call of `database` is one transaction).
    package func run<T: Sendable>(_ body: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        try await blocking.run { [database] in try body(database) }
    }

    package func review(key: AlbumKey) async throws -> Review? { try await run { try $0.review(key: key) } }

    package func saveReview(_ review: Review, key: AlbumKey, model: String, promptHash: String, at date: Date) async throws {
        try await run { try $0.saveReview(review, key: key, model: model, promptHash: promptHash, at: date) }
    }

    package func cachedRelease(key: AlbumKey) async throws -> CachedRelease? { try await run { try $0.cachedRelease(key: key) } }

    package func saveRelease(_ release: CachedRelease, key: AlbumKey, at date: Date) async throws {
        try await run { try $0.saveRelease(release, key: key, at: date) }
    }

    package func artwork(mbid: String) async throws -> StoredArtwork? { try await run { try $0.artwork(mbid: mbid) } }

    package func saveArtwork(_ artwork: StoredArtwork, mbid: String) async throws {
        try await run { try $0.saveArtwork(artwork, mbid: mbid) }
    }

    package func thumbnail(scanId: Int64) async throws -> Data? { try await run { try $0.thumbnail(scanId: scanId) } }

    package func localAlbum(mbid: String) async throws -> LocalAlbumRecord? { try await run { try $0.localAlbum(mbid: mbid) } }

    package func replaceDescriptor(mbid: String, descriptor: Data) async throws {
        try await run { try $0.replaceDescriptor(mbid: mbid, descriptor: descriptor) }
    }

    package func albumsWithDescriptors() async throws -> [String?] { try await run { try $0.albumsWithDescriptors() } }

    package func exportRows(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) async throws -> [HistoryExportRow] {
        try await run { try $0.exportRows(limit: limit, before: before, filter: filter) }
    }

    @discardableResult
    package func markExported(_ ids: [Int64], format: String, at date: Date, refusingUnknown: Bool = false) async throws
        -> Int
    {
        try await run { try $0.markExported(ids, format: format, at: date, refusingUnknown: refusingUnknown) }
    }

    package func freeScans(since date: Date) async throws -> [IdentificationMethod: Int] {
        try await run { try $0.freeScans(since: date) }
    }

    package func history(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) async throws -> [HistoryItem] {
        try await run { try $0.history(limit: limit, before: before, filter: filter) }
    }

    package func historyScans(limit: Int, before: Int64? = nil, filter: HistoryFilter = .all) async throws -> [StoredScan] {
        try await run { try $0.historyScans(limit: limit, before: before, filter: filter) }
    }

    /// Saves the scan and checks the database is still the file it opened (not removed or replaced meanwhile).
    package func saveScan(_ scan: NewScan) async throws -> Int64 {
        try await run { database in
            let id = try database.saveScan(scan)
            try database.checkStillOnDisk()
            return id
        }
    }

    /// Saves the scan (see `StoreDatabase.save`) and checks the database is still the file it opened.
    package func save(_ scan: NewScan, stamp: ChangeStamp) async throws -> SavedScan {
        try await run { database in
            let saved = try database.save(scan, stamp: stamp)
            try database.checkStillOnDisk()
            return saved
        }
    }

    package func applyShopFields(_ fields: ShopFields, toScan id: Int64, stamp: ChangeStamp) async throws -> ShopFields? {
        try await run { try $0.applyShopFields(fields, toScan: id, stamp: stamp) }
    }

    package func recordFailure(
        file: String, sha256: String?, status: ScanResult.Status, error: AlbumScanError, at date: Date
    ) async throws {
        try await run { try $0.recordFailure(file: file, sha256: sha256, status: status, error: error, at: date) }
    }

    package func failures(limit: Int, since: Date? = nil, search: String? = nil) async throws -> [FailedScan] {
        try await run { try $0.failures(limit: limit, since: since, search: search) }
    }

    package func dismissFailures(_ paths: [String], directory: String) async throws -> FailureDismissal {
        try await run { try $0.dismissFailures(paths, directory: directory) }
    }

    package func scan(id: Int64) async throws -> StoredScan? { try await run { try $0.scan(id: id) } }

    package func scanId(sha256: String) async throws -> Int64? { try await run { try $0.scanId(sha256: sha256) } }

    package func scanCount() async throws -> Int { try await run { try $0.scanCount() } }

    package func deleteScan(id: Int64) async throws -> Bool { try await run { try $0.deleteScan(id: id) } }

    package func deleteScans(_ ranges: [ClosedRange<Int64>]) async throws -> ScanDeletion {
        try await run { try $0.deleteScans(ranges) }
    }

    package func editScans(_ ranges: [ClosedRange<Int64>], set values: [ShopField: String?]) async throws -> ScanEdit {
        try await run { try $0.editScans(ranges, set: values) }
    }

    package func scans(in ranges: [ClosedRange<Int64>]) async throws -> [StoredScan] {
        try await run { try $0.scans(in: ranges) }
    }

    package func recordUsage(_ usage: [TokenUsage], at date: Date) async throws {
        try await run { database in
            for call in usage {
                try database.recordUsage(
                    model: call.model, provider: call.provider, promptTokens: call.promptTokens,
                    completionTokens: call.completionTokens, imageTokens: call.imageTokens, webSearches: call.webSearches,
                    at: date)
            }
        }
    }

    package func usage(since date: Date) async throws -> [ModelUsage] { try await run { try $0.usage(since: date) } }
}
