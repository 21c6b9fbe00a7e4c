import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan scan FILE...`: identify covers, fetch artwork and reviews, save and print each.
struct ScanCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan photos of album covers (JPEG, PNG or HEIC files, or folders of them).",
        discussion:
            "Prints the album details, or one JSON line per input with --json. Exits 0 only when every input was identified."
    )

    @Argument(help: "Image files, or folders whose *.jpg, *.jpeg, *.png, *.heic and *.heif files are scanned in name order.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Scans to run at once (1-16).")
    var jobs = 4

    @Option(help: "Save every HTTP exchange to this folder, secrets redacted (also ALBUMSCAN_RECORD).")
    var record: String?

    @Option(help: "Answer every HTTP request from recordings in this folder, with no network (also ALBUMSCAN_REPLAY).")
    var replay: String?

    @Option(help: "Model provider: openai, anthropic, gemini or openai-compatible (also ALBUMSCAN_PROVIDER).")
    var provider: String?

    @Flag(name: .shortAndLong, help: "Print no progress messages.")
    var quiet = false

    @Flag(help: "Do not draw the cover art in the terminal.")
    var noArt = false

    @Flag(
        help:
            "Treat artwork that does not match the photo as unidentified: exit 1, code artwork-mismatch, nothing saved or charged."
    )
    var requireVerified = false

    @Flag(
        help:
            "Do not re-match photos against albums already in the library (ID Call 0); every new photo is sent to the model."
    )
    var noLocal = false

    @Flag(help: "Send photos the quality check would refuse (blurred, too dark or bright, under 200 px) anyway.")
    var noQualityCheck = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
        if record != nil, replay != nil { throw ValidationError("--record and --replay cannot be used together") }
        if let provider, ProviderKind(name: provider) == nil {
            throw ValidationError("--provider must be \(ProviderKind.names), not \(provider)")
        }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let mode = try context.transportMode(record: record, replay: replay)
            var setup = try context.setup(
                verbose: output.verbose, transportMode: mode, provider: provider.flatMap(ProviderKind.init(name:)))
            setup.environment = setup.environment.with { settings in
                settings.requireVerified = requireVerified
                if noLocal { settings.localMatch = false }
                if noQualityCheck { settings.qualityCheck = false }
            }
            // A key that is not set fails every photo: said once, before any photo is read.
            if let missing = setup.environment.missingKey() { throw missing }
            let files = try InputList.expand(inputs.map(context.bytes(of:)))
            let log = setup.environment.log
            let pipeline = ScanPipeline(environment: setup.environment)
            let printer = ResultPrinter(
                json: output.json, color: console.useColor(output.color), art: !noArt,
                store: try await setup.environment.store(), console: console, environment: context.processEnvironment,
                verbose: output.verbose, quiet: quiet)
            // Verbose stage lines replace the animation, which would tear between them.
            let progress = ProgressReporter(
                enabled: !quiet && !output.json && !output.verbose && console.stderrIsTTY, total: files.count,
                console: console)
            var printedDetails = false
            let stages = output.verbose ? StageLog(log: log, names: files.map(\.name)) : nil
            // Once stdout is gone nobody reads the results: start no more scans (and spend no more quota). Nor once a
            // photo failed in a way every later one would.
            let stop = BatchStop()
            let runner = BatchRunner(jobs: jobs, shouldStart: { console.output.failure == nil && stop.error == nil })
            let interruption = context.interruption()
            let results = await interruption.run {
                await runner.run(files) { index, file in
                    let result = await pipeline.scan(file) { stage in
                        progress.update(index: index, stage: stage)
                        stages?.record(index: index, stage: stage)
                    }
                    stages?.finish(index: index, status: result.status)
                    progress.finish(index: index)
                    stop.note(result)
                    return result
                } onResult: { result in
                    let artwork = await printer.artwork(for: result)
                    progress.withLineCleared {
                        // A blank line between one album's details and the next.
                        if !output.json, printedDetails, result.status == .identified { console.printOut("") }
                        let said = result.error.map(BatchStop.stopsBatch) ?? false
                        if !printer.print(result, artwork: artwork, sayError: !said), let id = result.scanId {
                            console.printError("could not write the result to stdout; the scan is saved as #\(id)")
                        }
                    }
                    if result.status == .identified { printedDetails = true }
                }
            }
            progress.stop()
            if let status = interruption.exitStatus {
                console.printError("interrupted: \(results.count) of \(files.count) inputs were scanned or stopped")
                throw ExitCode(status)
            }
            if let stopped = stop.error { report(stopped, scanned: results.count, of: files, console: console) }
            let status = ExitCodes.mostSevere(results.compactMap(\.error).map(ExitCodes.code(for:)))
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// One line for a stopped batch, and with --json a `skipped` line for each photo it did not start.
    func report(_ error: AlbumScanError, scanned: Int, of files: [InputPath], console: CommandConsole) {
        if output.json {
            for file in files.dropFirst(scanned) { console.printOut((try? JSONOutput.encode(SkippedLine.batchStopped(file.name))) ?? "{}") }
        }
        let left = files.count - scanned
        console.printError(left == 0 ? error.message : "\(error.message) (stopped: \(left) of \(files.count) photos not scanned)")
    }
}
