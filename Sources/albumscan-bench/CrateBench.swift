import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `crate`: how many identification calls a shop's crate of 50 photos costs, in-process against the fixture
/// fakes, against one Call 1 per photo (a scan with no free route).
///
/// The fakes know the fixture world plus its ten crate extras (`FixtureCatalog.withCrateExtras`). The first run
/// (`scan --jobs 4`) holds 45 photos: 20 distinct covers (the ten identifiable originals and the ten extras), 5 of
/// them photographed twice in a row (exact duplicates), 10 back sleeves with barcodes MusicBrainz lists, and 5 photos
/// blurred at σ 5 px. A second run, another process on the same home, scans 10 repeats: new photos (tilted,
/// off-centre) of covers the first run scanned. Calls are counted at the model fake (Call 1 carries the image, Call 2
/// the text read from the cover), and every answer is checked against the album photographed.
struct CrateBench {
    func rows() async throws -> [BenchRow] {
        let services = try FixtureWorld.start(albums: FixtureCatalog.withCrateExtras)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        try test.environment.keyring.setTier(.ultra)
        let crate = try CratePhotos.make()
        let folder = test.environment.home
        let first = try crate.firstRun.map { try $0.write(in: folder) }
        let firstResults = await Self.batch(first, ScanPipeline(environment: test.environment))

        // The second run is another process: a fresh environment on a copy of the same home.
        let later = try TestEnvironment(services: services)
        defer { later.remove() }
        try FileManager.default.removeItem(at: later.environment.home)
        try FileManager.default.copyItem(at: folder, to: later.environment.home)
        let second = try crate.repeats.map { try $0.write(in: later.environment.home) }
        let secondResults = await Self.batch(second, ScanPipeline(environment: later.environment))

        let photos = crate.firstRun + crate.repeats
        let outcomes = zip(photos, firstResults + secondResults).map { CrateOutcome(photo: $0, result: $1) }
        let calls = services.openAI.calls.filter { $0.hasImage || $0.userText.contains("Text read from the cover:") }
        let wrong = outcomes.filter(\.isWrong)
        return [
            BenchRow(
                name: "14. crate of \(photos.count): identification calls", value: Double(calls.count),
                baseline: Double(photos.count), unit: "", target: .infinity,
                note: "baseline = one Call 1 per photo; " + CrateOutcome.summary(outcomes)),
            BenchRow(
                name: "14. crate: wrong identifications", value: Double(wrong.count), baseline: Double(photos.count),
                unit: "", target: 0, absolute: true,
                note: wrong.isEmpty ? "every answer names the album photographed" : CrateOutcome.describe(wrong)),
        ]
    }

    /// One `scan --jobs 4` run: the photos in order, four at a time; results in input order.
    static func batch(_ files: [URL], _ pipeline: ScanPipeline) async -> [ScanResult] {
        var results: [ScanResult] = []
        for start in stride(from: 0, to: files.count, by: 4) {
            let slice = Array(files[start..<min(start + 4, files.count)])
            let done = await withTaskGroup(of: (Int, ScanResult).self) { group in
                for (index, file) in slice.enumerated() { group.addTask { (index, await pipeline.scan(file)) } }
                return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            results += slice.indices.compactMap { done[$0] }
        }
        return results
    }
}
