import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one exit-code table. The README's table and the man page are checked against (or built from) it.
enum ExitCodes {
    /// Every code albumscan exits with, and what it means; README.md shows the same rows.
    static let table: [(code: Int32, meaning: String)] = [
        (0, "success (also when only the review or artwork failed)"),
        (1, "the cover was not identified; `eval --min-accuracy X`: the accuracy is below X"),
        (64, "usage error"),
        (
            65,
            "input is not a decodable image (JPEG, PNG or HEIC), exceeds the image limits, or failed the photo-quality check; a malformed `eval` labels CSV (the message names the line) or `--compare` report; a stale `--if-version`; a back (`--back`) with no readable barcode, one MusicBrainz does not list, or one of another album"
        ),
        (66, "input file missing or unreadable; unknown scan id or failed photo (`history --failed --dismiss`)"),
        (69, "a required service failed after retries"),
        (73, "an output file (`--html FILE`) cannot be written"),
        (74, "storage failed: the disk is full, or the database or state folder cannot be written"),
        (75, "rate limited after retries"),
        (77, "scan quota exhausted"),
        (78, "configuration problem: missing or rejected API key, unreadable keyring or config"),
        (130, "interrupted by SIGINT (Ctrl-C): scans in flight were stopped, released and not saved"),
        (143, "stopped by SIGTERM, the same way"),
    ]

    /// How a scan of several photos exits: with its most severe outcome, the first of these that occurred (a problem
    /// that fails every photo before one that fails one photo, any failure before an unidentified cover), else 0.
    /// An interrupted batch exits 130 or 143 whatever its photos did.
    static let severity: [Int32] = [78, 77, 74, 73, 69, 75, 65, 66, 1]

    /// The sentence the README and the man page say about `severity`.
    static let severityRule =
        "A scan of several photos exits with its most severe outcome, in this order: 78, 77, 74, 73, 69, 75, 65, 66, 1; 0 only when every photo was identified."

    /// The exit code of a batch whose photos ended with these codes.
    static func mostSevere(_ codes: [Int32]) -> Int32 {
        severity.first(where: codes.contains) ?? 0
    }

    static func code(for error: AlbumScanError) -> Int32 {
        switch error {
        case .unidentified, .artworkMismatch: 1
        case .usage: 64
        case .invalidImage, .malformedInput, .photoQuality, .noBarcode, .unknownBarcode, .differentAlbum: 65
        case .unreadableInput, .unknownScan: 66
        case .serviceFailed, .serviceUnreachable: 69
        case .outputFile: 73
        case .storage: 74
        case .rateLimited: 75
        case .quotaExhausted: 77
        case .configuration: 78
        case .interrupted: 130
        }
    }

    /// Runs a command's body; a core error becomes its one-line message and exit code, and a failed
    /// write to stdout ends the command with `stdoutFailure`'s code whatever the body's outcome.
    static func reporting(on console: CommandConsole, _ body: () async throws -> Void) async throws {
        var outcome: (any Error)?
        do {
            try await body()
        } catch let error as AlbumScanError {
            outcome = fail(error, on: console)
        } catch {
            outcome = error
        }
        if let failure = console.output.failure {
            let (code, message) = stdoutFailure(failure)
            if let message { console.printError(message) }
            throw ExitCode(code)
        }
        if let outcome { throw outcome }
    }

    /// The exit for a failed write to stdout: quietly 141 for a closed pipe (as if SIGPIPE had ended it,
    /// what a pipeline into `head` expects), else 74 with one line naming the error.
    static func stdoutFailure(_ error: Int32) -> (code: Int32, message: String?) {
        if error == EPIPE { return (141, nil) }
        return (74, "cannot write to stdout: \(DescriptorWrite.describe(error)); check the disk or the pipe it goes to")
    }

    /// Prints the error as one line on stderr and exits with its code.
    static func fail(_ error: AlbumScanError, on console: CommandConsole) -> ExitCode {
        console.printError(error.message)
        return ExitCode(code(for: error))
    }
}
