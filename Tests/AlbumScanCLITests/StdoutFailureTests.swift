import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

#if canImport(Glibc)
    import Glibc
#endif

/// A stdout that cannot be written (a full disk, a closed pipe) ends the command quietly: no trap, no backtrace.
@Suite struct StdoutFailureTests {
    @Test(arguments: [(EPIPE, 141, false), (ENOSPC, 74, true), (EIO, 74, true), (EBADF, 74, true)])
    func theExitForAFailedStdout(error: Int32, code: Int32, says: Bool) async {
        let (exit, message) = ExitCodes.stdoutFailure(error)
        #expect(exit == code)
        #expect((message != nil) == says)
    }

    @Test func historyIntoAFullDeviceExits74WithOneLine() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let output = try Self.run(runner, ["history", "--json"], stdout: "/dev/full")
        #expect(output.status == 74, "\(output.stderr)")
        #expect(
            output.stderr == "albumscan: cannot write to stdout: no space left on device; check the disk or the pipe it goes to\n"
        )
    }

    @Test func historyIntoAClosedPipeExitsQuietly() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let output = try Self.run(runner, ["history", "--json"], stdout: nil)
        #expect(output.status == 141, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
    }

    @Test func aScanThatCannotBePrintedIsStillSavedAndSaysSo() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        let output = try Self.run(fixture.runner, ["scan", cover, "--json"], stdout: "/dev/full")
        #expect(output.status == 74, "\(output.stderr)")
        #expect(output.stderr.contains("albumscan: could not write the result to stdout; the scan is saved as #1\n"))
        #expect(!output.stderr.contains("Fatal error"))
        let history = try await fixture.run(["history", "--json"])
        #expect((history.json as? [[String: Any]])?.first?["scanId"] as? Int == 1)
    }

    /// Runs the binary with SIGPIPE ignored (as some parents leave it) and stdout sent to `stdout`, or to a
    /// pipe whose reading end is already closed when nil.
    static func run(_ runner: CLIRunner, _ arguments: [String], stdout: String?) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' PIPE; exec \"$@\"", "sh", CLIRunner.binary.path] + arguments
        process.environment = runner.environment
        let err = Pipe()
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let closed = Pipe()
        if let stdout {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdout))
        } else {
            process.standardOutput = closed
            try closed.fileHandleForReading.close()
        }
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
