import AlbumScanCore
import ArgumentParser

/// `albumscan delete ID`: removes one scan from history.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one scan from history.")

    @Argument(help: "The scan id, as listed by `albumscan history`.")
    var id: Int64

    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await ExitCodes.reporting {
            let context = try AppContext.load(verbose: output.verbose)
            guard try context.openStore().deleteScan(id: id) else { throw AlbumScanError.unknownScan(id) }
            if output.json {
                Terminal.printOut(try JSONOutput.encode(["deleted": id]))
            } else {
                Terminal.printOut("Deleted scan \(id).")
            }
        }
    }
}
