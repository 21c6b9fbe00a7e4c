import AlbumScanTestSupport
import Foundation

// `make bench`: measures albumscan against baselines taken in the same run and prints one table.
// Usage: albumscan-bench --binary PATH [--python PATH] [--runs N] [--only GROUP,...] [--client PY] [--save FILE] [--check FILE]
//        (groups: see BenchSuite.groups, e.g. prep, overhead, critical, batch, …, mirror, discogs, links)
//        [--dump-matcher FILE] [--matcher-seed N]   (per-pair matcher evidence as CSV; seed 1 tunes)
//        [--dump-real FILE] [--real-part held-out|tuning|all]   (real photos' per-pair evidence; odd folders tune)
//        [--dump-quality FILE] [--quality-seed N]   (per-photo quality measures as CSV; seed 1 tunes)
//        [--dump-local FILE]   (Call 0 at 10k albums: each real photo's own-cover rank and outcome, as CSV)
//        albumscan-bench --seed-history DIR   (a 100,000-scan ALBUMSCAN_HOME, for profiling)
//        albumscan-bench --train-vocabulary FILE [--vocab-coarse 64] [--vocab-fine 64] [--vocab-pairs 120]
//            [--vocab-version N]   (Call 0's visual vocabulary as a Swift source; see VocabularyTool)
//        albumscan-bench --fuzz-barcodes N [--fuzz-seed S] [--fuzz-folder DIR] [--fuzz-pictures DIR]
//                                                    (the barcode reader on N generated symbols; see BarcodeFuzz)
//        albumscan-bench --tune-retrieval tuning|held-out [--distractors N]
//                                                    (Call 0's ranking recall on the real photos, no matcher)

var options: [String: String] = [:]
var rest = CommandLine.arguments.dropFirst()
while let name = rest.popFirst() {
    guard name.hasPrefix("--"), let value = rest.popFirst() else {
        FileHandle.standardError.write(
            Data(
                "usage: albumscan-bench --binary PATH [--python PATH] [--runs N] [--only GROUP,...] [--save FILE] [--check FILE]\n"
                    .utf8))
        exit(64)
    }
    options[String(name.dropFirst(2))] = value
}
/// Runs one of the bench's tools and exits: 0 when it finishes, 1 with its error on stderr.
func runTool(_ work: () throws -> Void) -> Never {
    do {
        try work()
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("albumscan-bench: \(error)\n".utf8))
        exit(1)
    }
}
if let folder = options["seed-history"] {
    runTool {
        try HistoryBench(binary: "", runs: 0, workspace: URL(fileURLWithPath: folder)).seed(URL(fileURLWithPath: folder))
    }
}
if let output = options["train-vocabulary"] {
    runTool {
        var tool = VocabularyTool()
        if let value = options["vocab-coarse"].flatMap(Int.init) { tool.coarse = value }
        if let value = options["vocab-fine"].flatMap(Int.init) { tool.fine = value }
        if let value = options["vocab-pairs"].flatMap(Int.init) { tool.pairs = value }
        if let value = options["vocab-version"].flatMap(UInt8.init) { tool.version = value }
        try tool.run(output: output)
    }
}
if let count = options["fuzz-barcodes"].flatMap(Int.init) {
    runTool {
        try BarcodeFuzz(
            count: count, seed: options["fuzz-seed"].flatMap(UInt64.init) ?? 1,
            folder: URL(fileURLWithPath: options["fuzz-folder"] ?? ".build/barcode-fuzz"),
            pictures: options["fuzz-pictures"].map { URL(fileURLWithPath: $0) }
        ).run()
    }
}
if let part = options["tune-retrieval"] {
    runTool {
        try RetrievalTuning(part: part, distractors: options["distractors"].flatMap(Int.init) ?? 0).run()
    }
}
guard let binary = options["binary"] else {
    FileHandle.standardError.write(Data("albumscan-bench: --binary is required\n".utf8))
    exit(64)
}

let only = options["only"].map { Set($0.split(separator: ",").map(String.init)) }
if let unknown = only?.subtracting(BenchSuite.groups).sorted(), !unknown.isEmpty {
    FileHandle.standardError.write(
        Data(
            "albumscan-bench: unknown group \(unknown.joined(separator: ", ")); groups: \(BenchSuite.groups.joined(separator: ", "))\n"
                .utf8))
    exit(64)
}

do {
    let runs = Int(options["runs"] ?? "") ?? 5
    let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }
    let photo = workspace.appendingPathComponent("phone-12mp.jpg").path
    try ImagePrepBench.makePhoto(at: photo)
    var covers: [String] = []
    for album in FixtureCatalog.albums {
        let path = workspace.appendingPathComponent("\(album.slug).jpg").path
        try album.cover().write(to: URL(fileURLWithPath: path))
        covers.append(path)
    }
    var suite = BenchSuite(binary: binary, python: options["python"], runs: runs, workspace: workspace, only: only)
    if let client = options["client"] { suite.client = client }
    suite.matcherDump = options["dump-matcher"]
    if let seed = options["matcher-seed"].flatMap({ UInt64($0) }) { suite.matcherSeed = seed }
    if let part = options["real-part"] { suite.realPart = part }
    suite.realDump = options["dump-real"]
    suite.qualityDump = options["dump-quality"]
    suite.localDump = options["dump-local"]
    if let seed = options["quality-seed"].flatMap({ UInt64($0) }) { suite.qualitySeed = seed }
    let results = try await suite.run(photo: photo, covers: covers)
    print(BenchRow.table(results))
    if let save = options["save"] { try BenchBaseline.save(results, to: save) }
    if let check = options["check"] {
        let regressions = try BenchBaseline.regressions(results, against: check)
        regressions.forEach { print("REGRESSION: \($0)") }
        exit(regressions.isEmpty ? 0 : 1)
    }
} catch {
    FileHandle.standardError.write(Data("albumscan-bench: \(error)\n".utf8))
    exit(1)
}
