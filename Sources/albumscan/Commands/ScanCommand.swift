import AlbumScanApp
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

    @Argument(
        help:
            "Image files, or folders whose *.jpg, *.jpeg, *.png, *.heic and *.heif files are scanned in name order; - reads one photo from standard input."
    )
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Scans to run at once (1-16); as many more photos are prepared meanwhile.")
    var jobs = 4

    @Flag(name: .shortAndLong, help: "Scan the photos in subfolders of the folders named too.")
    var recursive = false

    @Flag(
        help:
            "Scan photos again that were already identified, each in place: same scan id, a new time, its shop fields kept (by default a re-run skips them, with no model call)."
    )
    var rescan = false

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

    @Option(
        help: ArgumentHelp(
            "A photo of the sleeve's back: a barcode read there names the exact release, and the front is identified by it with no model call (one front only; exit 65 when no barcode can be read).",
            valueName: "back"))
    var back: String?

    @Option(
        help: ArgumentHelp(
            "front,back: the photos are each record's front then its back, paired in input order (as --back; an odd count is exit 64).",
            valueName: "order"))
    var sides: String?

    @OptionGroup(
        title:
            "Shop fields (saved with every photo of this run, and set on the photos it skips as already scanned; change them later with `albumscan edit`)"
    )
    var shop: ShopFieldOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be named only once") }
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
        if record != nil, replay != nil { throw ValidationError("--record and --replay cannot be used together") }
        if let provider, ProviderKind(name: provider) == nil {
            throw ValidationError("--provider must be \(ProviderKind.names), not \(provider)")
        }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            // A bad grade or price stops the run before any photo is read.
            let shopFields = ShopFields(try shop.values())
            let mode = try context.transportMode(record: record, replay: replay)
            var setup = try context.setup(
                verbose: output.verbose, transportMode: mode, provider: provider.flatMap(ProviderKind.init(name:)))
            setup.environment = setup.environment.with { settings in
                settings.requireVerified = requireVerified
                settings.skipScanned = !rescan
                settings.shopFields = shopFields
                if noLocal { settings.localMatch = false }
                if noQualityCheck { settings.qualityCheck = false }
            }
            // A key that is not set fails every photo: said once, before any photo is read.
            if let missing = setup.environment.missingKey() { throw missing }
            let stdin = inputs.contains("-") ? try StandardInputPhoto(reading: context.standardInput) : nil
            defer { stdin?.remove() }
            var inputList = try InputList.expand(inputs.filter { $0 != "-" }.map(context.bytes(of:)), recursive: recursive)
            if let note = inputList.leftOutNote(verbose: output.verbose), !quiet { console.printError(note) }
            if let stdin { inputList.photos.insert(stdin.path, at: inputs.prefix { $0 != "-" }.count) }
            let pairs = try SleeveSides.pairs(
                inputList.photos, back: back.map { InputPath(bytes: context.bytes(of: $0)) }, sides: sides)
            let files = pairs.map(\.front)
            // One SKU names one record: a plain SKU for several photos is refused before any is read.
            try SKUPattern.check(shopFields.sku, photos: files.count)
            let (started, clock) = (setup.environment.now(), ContinuousClock.now)
            let log = setup.environment.log
            let pipeline = ScanPipeline(environment: setup.environment)
            // Verbose stage lines replace the animation, which would tear between them. With --json the results go
            // to stdout and the line to stderr, so a terminal there still shows it.
            let progress = ProgressReporter(
                enabled: !quiet && !output.verbose && console.stderrIsTTY, total: files.count, console: console)
            let stages = output.verbose ? StageLog(log: log, names: files.map(\.name)) : nil
            let backs = pairs.map(\.back)
            let ready: @Sendable (Int, InputPath) async -> ReadyScan = { index, file in
                let onStage: @Sendable (ScanStage) -> Void = { stage in
                    progress.update(index: index, stage: stage)
                    stages?.record(index: index, stage: stage)
                }
                guard let back = backs[index] else { return await pipeline.ready(file, progress: onStage) }
                return await pipeline.ready(file, back: back, progress: onStage)
            }
            // Photos are read and prepared ahead of their turn (see BatchRunner); the first while the store is opened,
            // which in a new home means created, instead of after it.
            let first = files.first.map { file in Task { await ready(0, file) } }
            let store: AlbumStore
            do {
                store = try await setup.environment.store()
            } catch {
                _ = await first?.value  // nothing of this run goes on once the command has failed
                throw error
            }
            let printer = ResultPrinter(
                json: output.json, color: console.useColor(output.color), art: !noArt, store: store, console: console,
                environment: context.processEnvironment, verbose: output.verbose, quiet: quiet, batch: files.count > 1)
            var printedHeader = false
            // Once stdout is gone nobody reads the results: start no more scans (and spend no more quota). Nor once a
            // photo failed in a way every later one would.
            let stop = BatchStop()
            let runner = BatchRunner(jobs: jobs, shouldStart: { console.output.failure == nil && stop.error == nil })
            let interruption = context.interruption()
            let results = await interruption.run {
                await runner.run(files) { index, file in
                    if index == 0, let first { return await first.value }
                    return await ready(index, file)
                } finished: { index, result in
                    stages?.finish(index: index, status: result.status)
                    progress.finish(index: index)
                    stop.note(result)
                } onResult: { result in
                    // One photo named alone that was already scanned is shown as stored, after the batch.
                    if files.count == 1, result.skipped?.reason == .alreadyScanned { return }
                    let artwork = await printer.artwork(for: result)
                    let header = printer.header(for: result) != nil
                    progress.withLineCleared {
                        // A blank line between one result and the next.
                        if header, printedHeader { console.printOut("") }
                        let said = result.error.map(BatchStop.stopsBatch) ?? false
                        if !printer.print(result, artwork: artwork, sayError: !said), let id = result.scanId {
                            console.printError("could not write the result to stdout; the scan is saved as #\(id)")
                        }
                    }
                    if header { printedHeader = true }
                }
            }
            progress.stop()
            if let status = interruption.exitStatus {
                await summarize(
                    results, of: files, since: started, clock: clock, setup: setup, store: store, console: console)
                console.printError("interrupted: \(results.count) of \(files.count) inputs were scanned or stopped")
                throw ExitCode(status)
            }
            if let stopped = stop.error { report(stopped, scanned: results.count, of: files, console: console) }
            try await reportAlreadyScanned(results, printer: printer, console: console)
            await summarize(
                results, of: files, since: started, clock: clock, setup: setup, store: store, console: console)
            let status = ExitCodes.mostSevere(results.compactMap(\.error).map(ExitCodes.code(for:)))
            if status != 0 { throw ExitCode(status) }
        }
    }

    /// The line that closes a batch of two or more photos on stderr (not under --quiet): its outcomes, the model
    /// spend recorded since it started, and its wall time.
    func summarize(
        _ results: [ScanResult], of files: [InputPath], since started: Date, clock: ContinuousClock.Instant,
        setup: AppSetup, store: AlbumStore, console: CommandConsole
    ) async {
        guard files.count > 1, !quiet else { return }
        let elapsed = ContinuousClock.now - clock
        let usage = try? await store.usage(since: started)
        let spend = usage.map { SpendEstimate(usage: $0, prices: setup.prices) }
        let summary = BatchSummary(photos: files.count, results: results)
        console.printError(SummaryLine.text(summary, spend: spend, elapsed: elapsed))
    }

    /// One line for a stopped batch, and with --json a `skipped` line for each photo it did not start.
    func report(_ error: AlbumScanError, scanned: Int, of files: [InputPath], console: CommandConsole) {
        if output.json {
            for file in files.dropFirst(scanned) {
                console.printOut((try? JSONOutput.encode(ScanResult.skipped(file: file.name, .batchStopped))) ?? "{}")
            }
        }
        let left = files.count - scanned
        console.printError(left == 0 ? error.message : "\(error.message) (stopped: \(left) of \(files.count) photos not scanned)")
    }

    /// Photos skipped as already scanned: one photo named alone is shown as stored, with a note; in a batch, text
    /// mode says how many in one line (`--json` gave each its `skipped` line).
    func reportAlreadyScanned(_ results: [ScanResult], printer: ResultPrinter, console: CommandConsole) async throws {
        let skipped = results.filter { $0.skipped?.reason == .alreadyScanned }
        if results.count == 1, let id = skipped.first?.skipped?.scanId,
            let stored = try await printer.store.scan(id: id)
        {
            let result = ScanResult(stored: stored)
            printer.print(result, artwork: await printer.artwork(for: result))
            let set = skipped.first?.skipped?.shopFieldsSet == true ? "; the shop fields named were set on it" : ""
            console.printError("already scanned as #\(id)\(set); this is the stored scan (--rescan scans it again)")
            return
        }
        guard !skipped.isEmpty, !output.json, !quiet else { return }
        let count = skipped.count == 1 ? "1 photo" : "\(skipped.count) photos"
        let set = skipped.filter { $0.skipped?.shopFieldsSet == true }.count
        let fields = set == 0 ? "" : set == skipped.count ? ", shop fields set on them" : ", shop fields set on \(set)"
        console.printError("skipped \(count) already scanned\(fields) (--rescan scans them again)")
    }
}
