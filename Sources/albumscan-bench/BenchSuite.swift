import Foundation

/// Runs every benchmark row in order, or only the groups named with `--only`.
struct BenchSuite {
    /// The row groups `--only` accepts, in the order they run.
    static let groups = [
        "prep", "overhead", "critical", "batch", "history", "jobs", "etiquette", "python", "matcher", "real", "local",
        "quality", "barcode", "crate", "resume", "mirror", "discogs", "links", "serve", "serve-session",
    ]

    let binary: String
    let python: String?
    let runs: Int
    let workspace: URL
    /// The plain Python client of row 9.
    var client = "Benchmarks/python_client.py"
    /// The groups to run; nil runs them all.
    var only: Set<String>? = nil
    /// Where the matcher group writes per-pair evidence, if anywhere.
    var matcherDump: String? = nil
    /// The matcher group's evaluation seed.
    var matcherSeed = MatcherBench.heldOutSeed
    /// Which real-photo folders the `real` group runs, and where it writes per-pair evidence.
    var realPart = "held-out"
    var realDump: String? = nil
    /// Where the local group writes each real photo's retrieval rank and outcome, if anywhere.
    var localDump: String? = nil
    /// Where the quality group writes per-photo measures, if anywhere.
    var qualityDump: String? = nil
    /// The quality group's calibration seed.
    var qualitySeed = QualityBench.heldOutSeed

    func wants(_ group: String) -> Bool { only?.contains(group) ?? true }

    func run(photo: String, covers: [String]) async throws -> [BenchRow] {
        let imagePrep = ImagePrepBench(photoPath: photo, python: python, runs: runs)
        let needsPrep = wants("prep") || wants("overhead") || wants("history")
        let prepSeconds = needsPrep ? try imagePrep.albumscanSeconds() : .nan
        var rows: [BenchRow] = []
        if wants("prep") { rows += try imagePrep.rows(albumscan: prepSeconds) }
        let scans = ScanBench(binary: binary, runs: runs, workspace: workspace)
        var overhead: (rows: [BenchRow], peakRSS: Int)?
        if wants("overhead") || wants("history") {
            overhead = try scans.overhead(photo: photo, imagePrep: prepSeconds)
            rows += overhead?.rows ?? []
        }
        if wants("critical") { rows += try scans.criticalPath(cover: covers[0]) }
        if wants("batch") { rows += try scans.batch(covers: covers) }
        if let overhead, wants("history") {
            let history = try HistoryBench(binary: binary, runs: runs * 3, workspace: workspace).rows(
                startup: overhead.rows[1].value, cover: covers[1])
            rows += history.rows
            rows.append(
                BenchRow(
                    name: "6. peak RSS, scan of 12 MP", value: Double(overhead.peakRSS), baseline: .nan, unit: "B",
                    target: 64 * 1_048_576, absolute: true))
            rows.append(
                BenchRow(
                    name: "   peak RSS, history at 100k", value: Double(history.peakRSS), baseline: .nan, unit: "B",
                    target: 32 * 1_048_576, absolute: true))
        }
        let load = LoadBench(binary: binary, runs: runs, workspace: workspace)
        if wants("jobs") { rows += try load.jobsBound(covers: covers) }
        if wants("etiquette") { rows += try load.etiquette(covers: covers) }
        if wants("python") {
            rows += try PythonClientBench(binary: binary, python: python, client: client, runs: runs, workspace: workspace)
                .rows(photo: photo)
        }
        if wants("matcher") { rows += try MatcherBench(seed: matcherSeed, dump: matcherDump).rows() }
        if wants("real") { rows += try RealPhotoBench(part: realPart, dump: realDump).rows() }
        if wants("local") { rows += try await LocalMatchBench(dump: localDump).rows() }
        if wants("crate") { rows += try await CrateBench().rows() }
        if wants("quality") { rows += try QualityBench(seed: qualitySeed, dump: qualityDump).rows() }
        if wants("barcode") { rows += try BarcodeBench().rows() }
        let catalogue = MirrorBench(binary: binary, workspace: workspace)
        if wants("mirror") { rows += try catalogue.mirror() }
        if wants("discogs") { rows += try catalogue.discogs() }
        if wants("links") { rows += try LinksBench(binary: binary, workspace: workspace).rows() }
        if wants("resume") { rows += try ResumeBench(binary: binary, runs: runs, workspace: workspace).rows(photo: photo) }
        let serve = ServeBench(binary: binary, runs: runs, workspace: workspace)
        if wants("serve") { rows += try serve.rows(photo: photo, covers: covers) }
        if wants("serve-session") { rows += try serve.longSession(cover: covers[0]) }
        return rows
    }
}
