import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Row 5 and the history half of row 6: 100,000 stored scans.
struct HistoryBench {
    let binary: String
    let runs: Int
    let workspace: URL
    let scans = 100_000

    func rows(startup: Double, cover: String) throws -> (rows: [BenchRow], peakRSS: Int) {
        let home = workspace.appendingPathComponent("history-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try seed(home)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ALBUMSCAN_") }
        environment["ALBUMSCAN_HOME"] = home.path
        environment["NO_COLOR"] = "1"
        var peak = 0
        let history = try timeMedian(runs: runs) {
            let outcome = try Spawn.run(binary, ["history"], environment: environment)
            peak = max(peak, outcome.peakRSS)
        }
        let show = try timeMedian(runs: runs) { _ = try Spawn.run(binary, ["show", "\(scans / 2)"], environment: environment) }
        let growth = try rescanGrowth(home: home, environment: environment, cover: cover)
        return (
            [
                BenchRow(
                    name: "5. history, first page, 100k scans", value: history, baseline: startup, unit: "s", target: 0.050,
                    absolute: true),
                BenchRow(
                    name: "   show ID, 100k scans", value: show, baseline: startup, unit: "s", target: 0.050, absolute: true),
                BenchRow(
                    name: "   re-scan growth of the database", value: growth, baseline: 2048, unit: "B", target: 2048,
                    absolute: true),
            ], peak
        )
    }

    /// Seeds the store through its API: 1,000 albums with reviews, 100 scans each.
    func seed(_ home: URL) throws {
        let store = try StoreDatabase(path: home.appendingPathComponent(AlbumStore.defaultFileName).path)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for albumIndex in 0..<1000 {
            let key = AlbumKey(artist: "artist \(albumIndex)", title: "album \(albumIndex)")
            let review = Review(
                summary: "Album \(albumIndex) is a steady record.", bullets: ["One.", "Two.", "Three."], rating: 7,
                recommendation: "Reliable Listen", keyTracks: ["A", "B", "C"])
            try store.saveReview(review, key: key, model: "gpt-4o", promptHash: "bench", at: start)
        }
        for batch in 0..<(scans / 10_000) {
            let batchScans = (0..<10_000).map { offset -> NewScan in
                let index = batch * 10_000 + offset
                let albumIndex = index % 1000
                return NewScan(
                    scannedAt: start.addingTimeInterval(Double(index)), fileName: "photo-\(index).jpg",
                    inputSha256: String(repeating: "0", count: 64), tier: .ultra, calls: 1, searchGate: .notNeeded,
                    album: Album(artist: "Artist \(albumIndex)", title: "Album \(albumIndex)", year: "1990", genres: ["Rock"]),
                    artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .generated,
                    reviewKey: "artist \(albumIndex)|album \(albumIndex)", promptHash: "bench", timings: ["identify": 900])
            }
            _ = try store.saveScans(batchScans)
        }
    }

    /// Bytes the database files grow per re-scan of a known album (the first scan fills the caches).
    func rescanGrowth(home: URL, environment: [String: String], cover: String) throws -> Double {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        var environment = environment
        environment.merge(services.environment) { $1 }
        _ = try Spawn.run(binary, ["account", "set-tier", "ultra"], environment: environment)
        _ = try Spawn.run(binary, ["scan", cover], environment: environment)
        let before = databaseBytes(home)
        let rescans = 20
        for _ in 0..<rescans { _ = try Spawn.run(binary, ["scan", cover], environment: environment) }
        return Double(databaseBytes(home) - before) / Double(rescans)
    }

    /// The database's size with its WAL checkpointed into the main file, as it settles.
    func databaseBytes(_ home: URL) -> Int {
        try? StoreDatabase(path: home.appendingPathComponent(AlbumStore.defaultFileName).path).checkpoint()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.path)) ?? []
        return names.filter { $0.hasPrefix(AlbumStore.defaultFileName) }.reduce(0) { total, name in
            let size =
                (try? FileManager.default.attributesOfItem(atPath: home.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            return total + size
        }
    }
}
