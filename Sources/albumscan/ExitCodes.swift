import AlbumScanCore
import ArgumentParser

/// The exit-code table of DESIGN.md, in one place.
enum ExitCodes {
    static func code(for error: AlbumScanError) -> Int32 {
        switch error {
        case .unidentified: 1
        case .usage: 64
        case .invalidImage: 65
        case .unreadableInput, .unknownScan: 66
        case .serviceFailed: 69
        case .rateLimited: 75
        case .quotaExhausted: 77
        case .configuration: 78
        }
    }

    /// Runs a command's body; a core error becomes its one-line message and exit code.
    static func reporting(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as AlbumScanError {
            throw fail(error)
        }
    }

    /// Prints the error as one line on stderr and exits with its code.
    static func fail(_ error: AlbumScanError) -> ExitCode {
        Terminal.printError(error.message)
        return ExitCode(code(for: error))
    }
}
