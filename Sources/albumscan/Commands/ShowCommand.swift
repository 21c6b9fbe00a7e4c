import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `albumscan show ID`: a past scan's details from the local store, offline.
struct ShowCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a past scan's details (works offline).")

    @Argument(help: "The scan id, as listed by `albumscan history`.")
    var id: Int64

    @Flag(help: "Do not draw the cover art in the terminal.")
    var noArt = false

    @Option(help: ArgumentHelp("Write the scan to this self-contained HTML page instead (- for stdout).", valueName: "file"))
    var html: String?

    @Flag(help: "Print the scan's change log instead: each version's time, door (cli or the page) and fields changed.")
    var changes = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if changes && html != nil { throw ValidationError("--changes and --html cannot be combined") }
        if html?.isEmpty == true { throw ValidationError("--html needs a file name") }
        if html == "-" && output.json { throw ValidationError("--html - and --json cannot be combined: both go to stdout") }
    }

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let environment = try context.setup(verbose: output.verbose, readOnly: true, storeOnly: true).environment
            let store = try await environment.storeToRead()
            let id = self.id
            guard let stored = try await store.scan(id: id) else {
                throw AlbumScanError.unknownScan(id)
            }
            if changes {
                guard let log = try await store.run({ try $0.changes(scanId: id) }) else { throw AlbumScanError.unknownScan(id) }
                console.printOut(output.json ? try JSONOutput.encode(log, pretty: true) : Self.describe(log, of: stored))
                return
            }
            if let html {
                try await CrateWriter(store: store, json: output.json, console: console).write(ids: [id], to: html)
                return
            }
            let result = ScanResult(stored: stored)
            let printer = ResultPrinter(
                json: output.json, color: console.useColor(output.color), art: !noArt, store: store, console: console,
                environment: context.processEnvironment)
            printer.print(result, artwork: await printer.artwork(for: result))
        }
    }

    /// `scan 12, version 3`, then one line a version: `v2  2026-11-27 20:41  page:3f…  location: "Bin 4" → "Bin 9"`.
    static func describe(_ log: [ScanChange], of scan: StoredScan) -> String {
        var lines = ["scan \(scan.id), version \(scan.version)" + (log.isEmpty ? ": no changes since it was saved" : "")]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for change in log {
            let fields = change.fields.map { field in
                let show = { (value: String?) in value.map { "\"\(SafeText.clean(String($0.prefix(60))))\"" } ?? "(none)" }
                return "\(field.field): \(show(field.old)) → \(show(field.new))"
            }
            lines.append(
                "v\(change.version)  \(formatter.string(from: change.changedAt))  \(change.door)  \(fields.joined(separator: ", "))"
            )
        }
        return lines.joined(separator: "\n")
    }
}
