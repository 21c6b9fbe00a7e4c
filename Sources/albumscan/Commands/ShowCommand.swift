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

    @OptionGroup var output: OutputOptions

    func validate() throws {
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
}
