import AlbumScanCore
import ArgumentParser

/// `albumscan delete ID`: removes one scan from history.
struct DeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one scan from history.")

    @Argument(help: "The scan id, as listed by `albumscan history`.")
    var id: Int64

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        try await ExitCodes.reporting(on: context.console) {
            let environment = try context.setup(verbose: output.verbose).environment
            let (store, id) = (try await environment.store(), self.id)
            guard try await store.deleteScan(id: id) else { throw AlbumScanError.unknownScan(id) }
            if output.json {
                environment.console.out(try JSONOutput.encode(["deleted": id]))
            } else {
                environment.console.out("Deleted scan \(id).")
            }
        }
    }
}
