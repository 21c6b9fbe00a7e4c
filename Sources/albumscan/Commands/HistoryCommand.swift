import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan history`: past scans, newest first, optionally filtered.
struct HistoryCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List past scans, newest first.")

    @Option(help: "Scans per page (default 20 in the text table; the CSV and JSON forms and --html list every scan).")
    var limit: Int?

    @Option(help: "Show scans older than this scan id (the next page).")
    var before: Int64?

    @OptionGroup(title: "Filters (all must hold)") var filters: HistoryFilterOptions

    @Option(
        help: ArgumentHelp(
            "Write the scans to this self-contained HTML page instead, artwork included (- for stdout).",
            valueName: "file"))
    var html: String?

    @Option(
        help: ArgumentHelp(
            """
            Print the scans in this form: csv (RFC 4180, UTF-8, formula-safe, for a spreadsheet), discogs-inventory \
            (Discogs' inventory upload: scans with a Discogs release id, a price and a media condition, and no artwork \
            mismatch), discogs-collection (release id, grades, notes), json or jsonl (each scan as `show --json` \
            prints it). Every form but the text table lists every scan unless --limit.
            """, valueName: "format"))
    var format: HistoryFormat?

    @Flag(help: "The same as --format csv.")
    var csv = false

    @Flag(help: "The same as --format jsonl: one scan per line.")
    var jsonl = false

    @Flag(help: "Start the CSV with a UTF-8 byte-order mark, so Excel shows accented names right.")
    var excel = false

    @OptionGroup(title: "Exports (with a CSV form)") var exports: HistoryExportOptions

    @Option(
        name: .customLong("dismiss"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "With --failed: forget this failed photo (its path as listed; repeat for more). All or nothing.",
            valueName: "path"))
    var dismiss: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, !(1...10_000).contains(limit) { throw ValidationError("--limit must be between 1 and 10000") }
        if html?.isEmpty == true { throw ValidationError("--html needs a file name") }
        if html == "-" && output.json { throw ValidationError("--html - and --json cannot be combined: both go to stdout") }
        let chosen: HistoryFormat?
        do {
            chosen = try HistoryFormat.chosen(format: format, csv: csv, json: output.json, jsonl: jsonl)
        } catch let error as AlbumScanError {
            throw ValidationError(error.message)
        }
        if let chosen, chosen != .json, html != nil {
            throw ValidationError("\(formatName(chosen)) and --html cannot be combined; choose one")
        }
        if filters.failed, html != nil || chosen == .discogsInventory || chosen == .discogsCollection {
            throw ValidationError(
                "--failed lists photos with no saved scan: as text, --csv, --json or --jsonl; the Discogs forms and --html do not apply"
            )
        }
        if !dismiss.isEmpty, !filters.failed {
            throw ValidationError(
                "--dismiss forgets failed photos: use it with --failed, like `albumscan history --failed --dismiss PATH`")
        }
        if excel && chosen?.isCSV != true {
            throw ValidationError(
                "--excel applies to the CSV forms only: add --format csv, discogs-inventory or discogs-collection")
        }
        if let flag = exports.flag, chosen?.isCSV != true || filters.failed {
            throw ValidationError(
                "\(flag) applies to the CSV forms of scans only: add --format discogs-inventory, discogs-collection or csv")
        }
    }

    /// The option that chose `format`, for a message.
    private func formatName(_ chosen: HistoryFormat) -> String {
        format == chosen ? "--format \(chosen.rawValue)" : "--\(chosen.rawValue)"
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let filter = try filters.filter()
            let chosen = try HistoryFormat.chosen(format: format, csv: csv, json: output.json, jsonl: jsonl)
            // The Discogs exports and the crate page may ask MusicBrainz for pending links: they need the settings
            // (its address and pace); every other form reads the store alone, so a bad setting cannot block it.
            let asksForLinks = html != nil || chosen == .discogsInventory || chosen == .discogsCollection
            let environment = try context.setup(verbose: output.verbose, readOnly: true, storeOnly: !asksForLinks)
                .environment
            let store = try await environment.storeToRead()
            if filters.failed {
                let failed = FailedScanCommand(limit: limit, filter: filter, format: chosen, excel: excel, dismiss: dismiss)
                return try await failed.run(store: store, console: console, environment: environment)
            }
            if let html {
                let items = try await store.history(limit: limit ?? Int(Int32.max), before: before, filter: filter)
                let exporter = CatalogueExporter(environment: environment, store: store)
                await PendingDiscogsLinks(exporter: exporter, console: console)
                    .fill(try await exporter.pendingLinks(scanIds: items.map(\.id)))
                try await CrateWriter(store: store, json: output.json, console: console).write(ids: items.map(\.id), to: html)
                return
            }
            if let format = chosen?.exportFormat {
                let exporter = CatalogueExporter(environment: environment, store: store)
                let request = ExportRequest(
                    format: format, filter: filter, limit: limit, before: before, notExported: exports.notExported)
                let pending = try await exporter.pendingLinks(for: request)
                await PendingDiscogsLinks(exporter: exporter, console: console).fill(pending)
                let export = try await exporter.export(request.asOf(pending))
                try await exports.write(export, excel: excel, exporter: exporter, console: console)
                return
            }
            if let chosen, chosen == .json || chosen == .jsonl {
                // Each item is what `show --json` prints for that scan, so one reader handles both. Every scan unless
                // --limit: this is what a backup reads, and a backup cut at a page would lose scans without a word.
                let results = try await store.historyScans(limit: limit ?? Int(Int32.max), before: before, filter: filter)
                    .map(ScanResult.init(stored:))
                if chosen == .jsonl {
                    for result in results { environment.console.out(try JSONOutput.encode(result)) }
                } else {
                    environment.console.out(try JSONOutput.encode(results, pretty: true))
                }
                return
            }
            let limit = limit ?? 20
            // One row past the page says whether there is a next one: a page of exactly `limit` scans has none.
            let fetched = try await store.history(limit: limit + 1, before: before, filter: filter)
            let items = Array(fetched.prefix(limit))
            if items.isEmpty {
                environment.console.out(emptyMessage)
            } else {
                environment.console.out(
                    HistoryTable(items: items, width: console.width, style: TextStyle(enabled: console.useColor(output.color)))
                        .render())
                if fetched.count > limit, let last = items.last {
                    environment.console.err("More: " + nextPage(before: last.id))
                }
            }
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
