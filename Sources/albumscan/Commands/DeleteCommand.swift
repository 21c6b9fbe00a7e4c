import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// `albumscan delete ID...`: removes scans from history, all or nothing.
struct DeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete scans from history: every one named, or none if an id is unknown.")

    @OptionGroup var scans: ScanIDArguments

    @OptionGroup var output: OutputOptions

    func run(_ context: CommandContext) async throws {
        let console = context.console
        try await ExitCodes.reporting(on: console) {
            let ranges = try scans.ranges()
            let environment = try context.setup(verbose: output.verbose, storeOnly: true).environment
            let store = try await environment.store()
            // The photos `serve` kept of these scans go with them (DESIGN wave 5).
            let photos = try await store.run { try $0.scans(in: ranges).map(\.inputSha256) }
            switch try await store.deleteScans(ranges) {
            case .unknown(let missing):
                console.printError(Self.unknownMessage(missing, asked: ranges))
                throw ExitCode(ExitCodes.code(for: .unknownScan(missing[0].lowerBound)))
            case .deleted(let deleted):
                let kept = KeptPhotos(home: environment.home)
                for photo in photos { try kept.remove(sha256: photo) }
                if output.json {
                    environment.console.out(try JSONOutput.encode(["deleted": deleted]))
                } else {
                    environment.console.out(Self.confirmation(deleted))
                }
            }
        }
    }

    /// One unknown id asked alone reads as `show`'s message; otherwise every unknown id is named and the message
    /// says nothing was deleted.
    static func unknownMessage(_ missing: [ClosedRange<Int64>], asked: [ClosedRange<Int64>]) -> String {
        if missing == asked, asked.count == 1, asked[0].lowerBound == asked[0].upperBound {
            return AlbumScanError.unknownScan(asked[0].lowerBound).message
        }
        let single = missing.count == 1 && missing[0].lowerBound == missing[0].upperBound
        return
            "no scan with \(single ? "id" : "ids") \(ScanIDRanges.describe(missing)); nothing was deleted. Run `albumscan history` to list scans"
    }

    static func confirmation(_ deleted: [Int64]) -> String {
        deleted.count == 1
            ? "Deleted scan \(deleted[0])."
            : "Deleted \(deleted.count) scans: \(ScanIDRanges.describe(ScanIDRanges.compact(deleted)))."
    }
}
