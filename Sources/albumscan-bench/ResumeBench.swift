import AlbumScanCore
import Foundation

/// Group `resume`: a shop's folder of 1,000 photos run again after it was fully scanned, and a batch with no key.
struct ResumeBench {
    let binary: String
    let runs: Int
    let workspace: URL
    static let photos = 1000
    /// About what a phone saves at 3 MP.
    static let photoBytes = 1 << 20

    func rows(photo: String) throws -> [BenchRow] {
        let folder = workspace.appendingPathComponent("resume-folder")
        let home = workspace.appendingPathComponent("resume-home")
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let hashes = try writePhotos(into: folder, from: photo)
        try seed(home, hashes: hashes)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        environment["ALBUMSCAN_HOME"] = home.path
        // Nothing listens there: a request would fail the run, and every photo must be skipped without one.
        environment["OPENAI_BASE_URL"] = "http://127.0.0.1:9/v1"
        var keyed = environment
        keyed["OPENAI_API_KEY"] = "sk-bench-never-sent"
        var statuses: [Int32] = []
        let resume = try timeMedian(runs: runs) {
            statuses.append(try Spawn.run(binary, ["scan", folder.path, "--json"], environment: keyed).status)
        }
        let noKey = try timeMedian(runs: runs) {
            statuses.append(try Spawn.run(binary, ["scan", folder.path, "--json"], environment: environment).status)
        }
        let note = statuses.allSatisfy { $0 == 0 || $0 == 78 } ? "" : "unexpected exit codes \(statuses)"
        return [
            BenchRow(
                name: "25. resume, 1,000 scanned photos", value: resume, baseline: .nan, unit: "s", target: 1.5,
                absolute: true, note: note.isEmpty ? "1 MB each, hashing included; 0 requests" : note),
            BenchRow(
                name: "    batch with no key, 1,000 photos", value: noKey, baseline: .nan, unit: "s", target: 0.3,
                absolute: true, note: "stops before any photo is read"),
        ]
    }

    /// 1,000 different files (the photo, padded and stamped with its index) and their SHA-256s.
    func writePhotos(into folder: URL, from photo: String) throws -> [String] {
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var base = try Data(contentsOf: URL(fileURLWithPath: photo))
        if base.count < Self.photoBytes { base.append(Data(count: Self.photoBytes - base.count)) }
        return try (0..<Self.photos).map { index in
            var data = base.prefix(Self.photoBytes)
            data.append(contentsOf: Array(String(format: "%08d", index).utf8))
            try data.write(to: folder.appendingPathComponent(String(format: "photo-%04d.jpg", index)))
            return ScanPipeline.sha256(data)
        }
    }

    /// The store as after a full scan of the folder: one saved scan per photo.
    func seed(_ home: URL, hashes: [String]) throws {
        let database = try StoreDatabase(path: home.appendingPathComponent(AlbumStore.defaultFileName).path)
        let scans = hashes.enumerated().map { index, hash in
            NewScan(
                scannedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), fileName: "photo-\(index).jpg",
                inputSha256: hash, tier: .ultra, calls: 1, searchGate: .notNeeded,
                album: Album(artist: "Artist \(index)", title: "Album \(index)", year: "1990", genres: ["Rock"]),
                artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil,
                promptHash: "bench", timings: [:], method: .model(calls: 1))
        }
        _ = try database.saveScans(scans)
    }
}
