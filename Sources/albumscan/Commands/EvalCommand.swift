import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan eval LABELS.csv`: scans a labelled set in a throwaway home and reports accuracy, cost and latency.
struct EvalCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure accuracy, cost and latency on a labelled set of photos.",
        discussion: """
            LABELS.csv has the header file,artist,album (optionally mbid and barcode) and one row per photo; paths are \
            relative to the CSV. Every photo is scanned through the normal pipeline in a throwaway home (Ultra tier, no \
            quota), so your history and quota are untouched. Exits 0 when the run completed, whatever the accuracy; \
            1 under --min-accuracy when the accuracy is lower; 65 for a malformed CSV, naming the line.
            """
    )

    @Argument(help: "The labels CSV: file,artist,album[,mbid,barcode].")
    var labels: String

    @Option(help: "An earlier `eval --json` report: print what changed since.")
    var compare: String?

    @Option(help: "Exit 1 when the accuracy (correct / total, 0 to 1) is below this.")
    var minAccuracy: Double?

    @Option(name: .shortAndLong, help: "Scans to run at once (1-16).")
    var jobs = 4

    @Option(help: "Save every HTTP exchange to this folder, secrets redacted (also ALBUMSCAN_RECORD).")
    var record: String?

    @Option(help: "Answer every HTTP request from recordings in this folder, with no network (also ALBUMSCAN_REPLAY).")
    var replay: String?

    @Option(help: "Model provider: openai, anthropic, gemini or openai-compatible (also ALBUMSCAN_PROVIDER).")
    var provider: String?

    @Flag(help: "Run with Ultra's advanced search on (every search Call 1 asks for runs; reviews search the web).")
    var advancedSearch = false

    @Flag(
        help:
            "Do not re-match photos against albums identified earlier in the run (ID Call 0, batch duplicates): every photo goes to the model."
    )
    var noLocal = false

    @Flag(name: .shortAndLong, help: "Print no progress messages.")
    var quiet = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
        if record != nil, replay != nil { throw ValidationError("--record and --replay cannot be used together") }
        if let provider, ProviderKind(name: provider) == nil {
            throw ValidationError("--provider must be \(ProviderKind.names), not \(provider)")
        }
        if let minAccuracy, !(0...1).contains(minAccuracy) {
            throw ValidationError("--min-accuracy must be between 0 and 1 (0.8 for 80%), not \(minAccuracy)")
        }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let mode = try context.transportMode(record: record, replay: replay)
            // Both inputs are checked before anything is scanned (or paid for).
            let earlier = try compare.map(EvalFiles.readReport)
            let labelsFile = URL(fileURLWithPath: labels)
            let labelled = try EvalFiles.readLabels(labelsFile)
            let photos = try EvalFiles.photos(of: labelled, besides: labelsFile)
            let home = try EvalFiles.throwawayHome()
            defer { try? FileManager.default.removeItem(at: home) }
            var setup = try context.setup(
                verbose: output.verbose, transportMode: mode, provider: provider.flatMap(ProviderKind.init(name:)),
                overriding: ["ALBUMSCAN_HOME": home.path])
            if noLocal { setup.environment = setup.environment.with { $0.localMatch = false } }
            let progress = ProgressReporter(
                enabled: !quiet && !output.json && !output.verbose && console.stderrIsTTY, total: photos.count,
                console: console)
            let interruption = context.interruption()
            let run = try await EvalRun(setup: setup, jobs: jobs, advancedSearch: advancedSearch)
                .run(labels: labelled, photos: photos, progress: progress, interruption: interruption)
            progress.stop()
            guard let report = run.report, interruption.exitStatus == nil else {
                console.printError(
                    "interrupted: no report; \(run.results.count) of \(photos.count) photos were scanned or stopped")
                throw ExitCode(interruption.exitStatus ?? 130)
            }
            let comparison = earlier.map { EvalComparison.compare($0, report, against: compare ?? "") }
            if output.json {
                console.printOut(try JSONOutput.encode(EvalOutput(report: report, comparison: comparison), pretty: true))
            } else {
                console.printOut(report.description)
                if let comparison { console.printOut("\n" + comparison.description) }
            }
            try exit(after: run.results, report: report, console: console)
        }
    }

    /// A failed scan's code (the set or the service needs fixing), else the accuracy gate, else success.
    func exit(after results: [ScanResult], report: EvalReport, console: CommandConsole) throws {
        if let failed = results.first(where: { $0.status == .failed }), let failure = failed.error {
            console.printError(
                "\(report.failed) of \(report.total) scans failed; the first: \(failed.file): \(failure.message)")
            throw ExitCode(ExitCodes.code(for: failure))
        }
        if let minAccuracy, report.accuracy < minAccuracy {
            console.printError(
                String(format: "accuracy %.1f%% is below --min-accuracy %.1f%%", report.accuracy * 100, minAccuracy * 100))
            throw ExitCode(1)
        }
    }
}

/// `eval --json`: the report's fields, plus `comparison` under `--compare`.
struct EvalOutput: Encodable {
    var report: EvalReport
    var comparison: EvalComparison?

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        guard let comparison else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(comparison, forKey: .comparison)
    }

    enum CodingKeys: String, CodingKey { case comparison }
}
