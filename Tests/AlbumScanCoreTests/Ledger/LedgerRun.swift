import Foundation

@testable import AlbumScanCore

/// Runs one sequence against the real store (SQLite in a temporary folder, reopened for a restart) and the
/// reference model side by side, comparing every scan after every step. Identification is stubbed per photo: a
/// scan saves what the pipeline would, its release's facts.
final class LedgerRun {
    private let folder: URL
    private var store: StoreDatabase
    private var model = LedgerModel()
    private var clock = Date(timeIntervalSince1970: 1_800_000_000)
    /// The harness's own check: after each correction, write the corrected links onto every scan of the release,
    /// as the store did before each scan kept its own facts. The model must then diverge.
    private let breakingTheStore: Bool

    init(breakingTheStore: Bool = false) throws {
        self.breakingTheStore = breakingTheStore
        folder = Self.scratch.appendingPathComponent("albumscan-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(AlbumStore.defaultFileName)
        try FileManager.default.copyItem(at: try Self.migrated.get(), to: path)
        store = try StoreDatabase(path: path.path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// An empty store, migrated once for every run (migrating anew took most of a short sequence's time).
    static let migrated: Result<URL, any Error> = Result {
        let folder = scratch.appendingPathComponent("albumscan-ledger-template-\(UUID().uuidString)")
        let path = folder.appendingPathComponent(AlbumStore.defaultFileName)
        let store = try StoreDatabase(path: path.path)
        try store.checkpoint()
        return path
    }

    /// Memory-backed /dev/shm where there is one: the same SQLite files, without waiting on a disk's fsync a step.
    static let scratch: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        return PosixIO.isWritable(shm.path) ? shm : FileManager.default.temporaryDirectory
    }()

    /// The first divergence, as a line saying which step and what differed; nil when the store kept to the model.
    static func divergence(_ steps: [LedgerStep], breakingTheStore: Bool = false) throws -> String? {
        let run = try LedgerRun(breakingTheStore: breakingTheStore)
        for (index, step) in steps.enumerated() {
            if let problem = try run.apply(step) { return "step \(index + 1) (\(step)): \(problem)" }
            if let problem = try run.compare() { return "after step \(index + 1) (\(step)): \(problem)" }
        }
        return nil
    }

    private func tick() -> Date {
        clock = clock.addingTimeInterval(1)
        return clock
    }

    /// The id of the scan a step names, among the scans alive now.
    private func alive(_ index: Int) -> Int64? {
        let ids = model.scans.keys.sorted()
        return ids.isEmpty ? nil : ids[index % ids.count]
    }

    private func version(_ seen: LedgerStep.Seen, of id: Int64) -> Int? {
        guard let current = model.scans[id]?.version else { return nil }
        switch seen {
        case .none: return nil
        case .current: return current
        case .stale: return current > 1 ? current - 1 : current + 1
        }
    }

    /// Applies a step to both sides; a problem when the store answered otherwise than the model expects.
    private func apply(_ step: LedgerStep) throws -> String? {
        switch step {
        case .scan(let photo, let door, let location):
            let fields = ShopFields(location: location)
            if let id = model.scanId(of: photo) {
                // Already scanned: the CLI's re-run sets the fields it names, the page changes nothing.
                guard door == .cli, location != nil else { return nil }
                _ = try store.applyShopFields(fields, toScan: id, stamp: stamp(door))
                model.change(id) { $0.shop.location = location }
            } else {
                return try save(photo, door: door, shop: fields)
            }
        case .rescan(let photo, let door):
            guard model.scanId(of: photo) != nil else { return nil }
            return try save(photo, door: door, shop: ShopFields(location: door == .cli ? "Rescanned" : nil))
        case .edit(let index, let field, let value, let client, let seen):
            guard let id = alive(index) else { return nil }
            let expected = version(seen, of: id)
            do {
                _ = try store.editScans(
                    [id...id], set: [field: value], stamp: ChangeStamp(door: "page:\(client)", at: tick()), ifVersion: expected)
            } catch is StaleVersion {
                return seen == .stale ? nil : "a write at the current version was refused as stale"
            }
            if seen == .stale { return "a write naming a stale version was taken" }
            model.change(id) { $0.shop[field] = value }
        case .correct(let index, let release, let seen):
            guard let id = alive(index), let stored = try store.scan(id: id) else { return nil }
            var corrected = CorrectedScan(stored)
            corrected.album = LedgerModel.release(release)
            corrected.album.discogs = .none
            let expecting = version(seen, of: id).map { [id: $0] } ?? [:]
            do {
                try store.saveCorrections([corrected], stamp: stamp(.cli), expecting: expecting)
            } catch is StaleVersion {
                return seen == .stale ? nil : "a correction at the current version was refused as stale"
            }
            if seen == .stale { return "a correction naming a stale version was taken" }
            model.change(id) { $0.album = corrected.album }
            if breakingTheStore {
                try store.write("leaking a correction") { db in
                    try db.execute(
                        sql: "UPDATE scans SET discogsReleaseIds = '[]', discogsIdSource = NULL WHERE mbid = ?",
                        arguments: [corrected.album.musicbrainzReleaseId])
                }
            }
        case .fill(let index):
            guard let id = alive(index), let scan = model.scans[id], scan.album.discogs.isPending,
                let mbid = scan.album.musicbrainzReleaseId, let release = Int(mbid.dropFirst(5))
            else { return nil }
            let link = DiscogsLink(releaseIds: [100 + release], source: .link)
            guard try store.settleLinks(link, mbid: mbid, scanIds: [id], stamp: stamp(.cli)) else {
                return "the fill of a pending scan changed nothing"
            }
            model.learnedLinks[release] = link
            model.change(id) { $0.album.discogs = link }
        case .delete(let index):
            guard let id = alive(index) else { return nil }
            guard try store.deleteScan(id: id) else { return "scan \(id) could not be deleted" }
            model.scans[id] = nil
        case .fail(let photo):
            guard model.scanId(of: photo) == nil else { return nil }
            try store.recordFailure(
                file: LedgerModel.file(photo), sha256: LedgerModel.sha(photo), status: .unidentified,
                error: .unidentified(reason: "stub"), at: tick())
            model.failures.insert(photo)
        case .restart:
            store = try StoreDatabase(path: folder.appendingPathComponent(AlbumStore.defaultFileName).path)
        }
        return nil
    }

    private func stamp(_ door: LedgerStep.Door) -> ChangeStamp { ChangeStamp(door: door.rawValue, at: tick()) }

    /// A pipeline save of `photo` in place, as `scan` and `serve` make it; a problem when it did not land where the
    /// model expects.
    private func save(_ photo: Int, door: LedgerStep.Door, shop: ShopFields) throws -> String? {
        var scan = NewScan(
            scannedAt: tick(), fileName: LedgerModel.file(photo), inputSha256: LedgerModel.sha(photo), tier: .base,
            calls: 1, searchGate: .notNeeded, album: LedgerModel.release(photo % LedgerModel.releases),
            artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil, promptHash: "",
            timings: [:], shop: shop)
        scan.inPlace = true
        scan.keepsShopFields = door == .page
        let existing = model.scanId(of: photo)
        let expectedId = existing ?? model.nextId
        let saved = try store.save(scan, stamp: stamp(door))
        guard saved.id == expectedId else { return "saved as scan \(saved.id), expected \(expectedId)" }
        model.failures.remove(photo)
        guard let existing, var replaced = model.scans[existing] else {
            model.scans[saved.id] = LedgerModel.Scan(photo: photo, album: model.answer(for: photo), shop: shop, version: 1)
            model.lastId = saved.id
            return nil
        }
        // Replaced in place: its release's facts again, its fields kept (the CLI's named ones set), and a new time,
        // so always a new version.
        replaced.album = model.answer(for: photo)
        if door == .cli, let location = shop.location { replaced.shop.location = location }
        replaced.version += 1
        model.scans[existing] = replaced
        return nil
    }

    /// Every scan the store holds against the model's, and the failed photos.
    private func compare() throws -> String? {
        let stored = try store.historyScans(limit: 1_000)
        let ids = Set(stored.map(\.id))
        if ids != Set(model.scans.keys) { return "scan ids \(ids.sorted()), expected \(model.scans.keys.sorted())" }
        for scan in stored {
            guard let expected = model.scans[scan.id] else { continue }
            let shown = LedgerModel.Scan(
                photo: expected.photo, album: Self.facts(of: scan.album), shop: scan.shop, version: scan.version)
            let wanted = LedgerModel.Scan(
                photo: expected.photo, album: Self.facts(of: expected.album), shop: expected.shop, version: expected.version)
            if shown != wanted { return "scan \(scan.id) shows \(shown), expected \(wanted)" }
        }
        let failed = Set(try store.failures(limit: 100).compactMap(\.inputSha256))
        let expectedFailed = Set(model.failures.map(LedgerModel.sha))
        if failed != expectedFailed { return "\(failed.count) failed photos, expected \(expectedFailed.count)" }
        return nil
    }

    /// The facts compared: what the model decides (sources are the store's bookkeeping of the same facts).
    private static func facts(of album: Album) -> Album {
        var facts = album
        facts.sources = AlbumSources()
        return facts
    }
}
