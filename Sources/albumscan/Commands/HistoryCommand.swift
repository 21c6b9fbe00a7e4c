import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan history`: past scans, newest first.
struct HistoryCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List past scans, newest first.")

    @Option(help: "Scans per page (default 20; with --html, every scan).")
    var limit: Int?

    @Option(help: "Show scans older than this scan id (the next page).")
    var before: Int64?

    @Option(
        help: ArgumentHelp(
            "Write the scans to this self-contained HTML page instead, artwork included (- for stdout).",
            valueName: "file"))
    var html: String?

    @Flag(help: "Print the scans as CSV (RFC 4180, UTF-8, formula-safe) for a spreadsheet; every scan unless --limit.")
    var csv = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, !(1...10_000).contains(limit) { throw ValidationError("--limit must be between 1 and 10000") }
        if html?.isEmpty == true { throw ValidationError("--html needs a file name") }
        if html == "-" && output.json { throw ValidationError("--html - and --json cannot be combined: both go to stdout") }
        if csv && output.json { throw ValidationError("--csv and --json cannot be combined; choose one") }
        if csv && html != nil { throw ValidationError("--csv and --html cannot be combined; choose one") }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let environment = try context.setup(verbose: output.verbose, readOnly: true).environment
            let store = try await environment.storeToRead()
            if let html {
                let (limit, before) = (limit ?? Int(Int32.max), before)
                let items = try await store.history(limit: limit, before: before)
                try await CrateWriter(store: store, json: output.json, console: console).write(ids: items.map(\.id), to: html)
                return
            }
            if csv {
                let (limit, before) = (limit ?? Int(Int32.max), before)
                let rows = try await store.exportRows(limit: limit, before: before)
                // Written as is: CRLF record ends, no extra newline from the console.
                console.output.write(HistoryCSV.document(rows))
                return
            }
            let (limit, before) = (limit ?? 20, before)
            let items = try await store.history(limit: limit, before: before)
            if output.json {
                environment.console.out(try JSONOutput.encode(items.map(HistoryLine.init), pretty: true))
            } else if items.isEmpty {
                environment.console.out(
                    before == nil ? "Scan your first album to begin: albumscan scan cover.jpg" : "No older scans.")
            } else {
                environment.console.out(
                    HistoryTable(items: items, width: console.width, style: TextStyle(enabled: console.useColor(output.color)))
                        .render())
                if items.count == limit, let last = items.last {
                    environment.console.err("More: albumscan history --before \(last.id)")
                }
            }
        }
    }
}

/// One `history --json` item.
struct HistoryLine: Encodable {
    var scanId: Int64
    var scannedAt: Date
    var album: AlbumLine
    var review: ReviewLine

    struct AlbumLine: Encodable {
        var artist: String
        var title: String
        var year: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(artist, forKey: .artist)
            try container.encode(title, forKey: .title)
            try container.encode(year, forKey: .year)
        }

        enum CodingKeys: String, CodingKey { case artist, title, year }
    }

    struct ReviewLine: Encodable {
        var recommendation: String?
        var rating: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(recommendation, forKey: .recommendation)
            try container.encode(rating, forKey: .rating)
        }

        enum CodingKeys: String, CodingKey { case recommendation, rating }
    }

    init(_ item: HistoryItem) {
        scanId = item.id
        scannedAt = item.scannedAt
        album = AlbumLine(artist: item.album.artist, title: item.album.title, year: item.album.year)
        review = ReviewLine(recommendation: item.recommendation, rating: item.rating)
    }
}
