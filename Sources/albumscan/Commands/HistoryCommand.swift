import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan history`: past scans, newest first, optionally filtered.
struct HistoryCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List past scans, newest first.")

    @Option(help: "Scans per page (default 20; with --html, every scan).")
    var limit: Int?

    @Option(help: "Show scans older than this scan id (the next page).")
    var before: Int64?

    @OptionGroup(title: "Filters (all must hold)") var filters: HistoryFilterOptions

    @Option(
        help: ArgumentHelp(
            "Write the scans to this self-contained HTML page instead, artwork included (- for stdout).",
            valueName: "file"))
    var html: String?

    @Flag(help: "Print the scans as CSV (RFC 4180, UTF-8, formula-safe) for a spreadsheet; every scan unless --limit.")
    var csv = false

    @Flag(help: "Print JSON Lines: one scan per line, each as `show --json` prints it.")
    var jsonl = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, !(1...10_000).contains(limit) { throw ValidationError("--limit must be between 1 and 10000") }
        if html?.isEmpty == true { throw ValidationError("--html needs a file name") }
        if html == "-" && output.json { throw ValidationError("--html - and --json cannot be combined: both go to stdout") }
        if csv && output.json { throw ValidationError("--csv and --json cannot be combined; choose one") }
        if csv && html != nil { throw ValidationError("--csv and --html cannot be combined; choose one") }
        if jsonl && output.json { throw ValidationError("--jsonl and --json cannot be combined; choose one") }
        if jsonl && csv { throw ValidationError("--jsonl and --csv cannot be combined; choose one") }
        if jsonl && html != nil { throw ValidationError("--jsonl and --html cannot be combined; choose one") }
        if filters.failed && (csv || html != nil) {
            throw ValidationError("--failed lists photos in text or JSON: --csv and --html do not apply")
        }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let filter = try filters.filter()
            let environment = try context.setup(verbose: output.verbose, readOnly: true).environment
            let store = try await environment.storeToRead()
            if filters.failed {
                return try await listFailures(store: store, filter: filter, console: environment.console, width: console.width)
            }
            if let html {
                let (limit, before) = (limit ?? Int(Int32.max), before)
                let items = try await store.history(limit: limit, before: before, filter: filter)
                try await CrateWriter(store: store, json: output.json, console: console).write(ids: items.map(\.id), to: html)
                return
            }
            if csv {
                let (limit, before) = (limit ?? Int(Int32.max), before)
                let rows = try await store.exportRows(limit: limit, before: before, filter: filter)
                // Written as is: CRLF record ends, no extra newline from the console.
                console.output.write(HistoryCSV.document(rows))
                return
            }
            let (limit, before) = (limit ?? 20, before)
            if output.json || jsonl {
                // Each item is what `show --json` prints for that scan, so one reader handles both.
                let results = try await store.historyScans(limit: limit, before: before, filter: filter)
                    .map(ScanResult.init(stored:))
                if jsonl {
                    for result in results { environment.console.out(try JSONOutput.encode(result)) }
                } else {
                    environment.console.out(try JSONOutput.encode(results, pretty: true))
                }
                return
            }
            let items = try await store.history(limit: limit, before: before, filter: filter)
            if items.isEmpty {
                environment.console.out(emptyMessage)
            } else {
                environment.console.out(
                    HistoryTable(items: items, width: console.width, style: TextStyle(enabled: console.useColor(output.color)))
                        .render())
                if items.count == limit, let last = items.last {
                    environment.console.err("More: " + nextPage(before: last.id))
                }
            }
        }
    }

    /// `--failed`: the photos still to do, in text, JSON or JSON Lines, newest first.
    private func listFailures(store: AlbumStore, filter: HistoryFilter, console: Console, width: Int) async throws {
        let failures = try await store.failures(limit: limit ?? 20, since: filter.since, search: filter.search)
        if jsonl {
            for failure in failures { console.out(try JSONOutput.encode(failure)) }
        } else if output.json {
            console.out(try JSONOutput.encode(failures, pretty: true))
        } else if failures.isEmpty {
            console.out("No failed scans: every photo tried has a saved scan.")
        } else {
            console.out(FailedScanList(failures: failures, width: width).render())
        }
    }

    private var emptyMessage: String {
        if !filters.isEmpty { return before == nil ? "No scans match these filters." : "No older scans match these filters." }
        return before == nil ? "Scan your first album to begin: albumscan scan cover.jpg" : "No older scans."
    }

    /// The command for the next page: the same filters and page size, older than `id`.
    private func nextPage(before id: Int64) -> String {
        var arguments = ["albumscan", "history", "--before", "\(id)"]
        if let limit { arguments += ["--limit", "\(limit)"] }
        arguments += filters.arguments
        return arguments.map(ShellWord.quoted).joined(separator: " ")
    }
}
