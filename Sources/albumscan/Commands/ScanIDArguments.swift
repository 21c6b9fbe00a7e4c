import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// The scan ids and ranges `delete` and `edit` take (12 15 20-30), checked when the command line is parsed.
struct ScanIDArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("Scan ids and ranges (12 15 20-30), as listed by `albumscan history`.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        do {
            _ = try ranges()
        } catch let error as AlbumScanError {
            throw ValidationError(error.message)
        }
    }

    /// The ids as ranges.
    func ranges() throws -> [ClosedRange<Int64>] { try ScanIDRanges.parse(ids) }
}
