import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanApp
@testable import albumscan

/// A batch on a terminal: the progress line leads with photos done of all, the rate and the time left.
@Suite struct ProgressTerminalTests {
    @Test func aTerminalShowsDoneOfAllRateAndTimeLeftEvenWithJSON() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = try ["01", "02", "03"].map { try fixture.cover($0) }
        let (status, stdout, stderr) = await Self.runOnTerminal(["scan"] + covers + ["--jobs", "1", "--json"], fixture)
        #expect(status == 0, "\(stderr)")
        #expect(stdout.split(separator: "\n").count == 3)
        #expect(stderr.contains("\r\u{1B}[2K[0/3] Extracting text and examining album art"), "\(stderr.debugDescription)")
        #expect(stderr.range(of: #"\[1/3 · [0-9.]+/(s|min) · ETA \d+:\d\d\]"#, options: .regularExpression) != nil)
        #expect(stderr.range(of: #"\[2/3 · [0-9.]+/(s|min) · ETA \d+:\d\d\]"#, options: .regularExpression) != nil)
        #expect(stderr.contains("\r\u{1B}[2Kalbumscan: 3 photos: 3 identified"), "cleared before the summary")
    }

    /// Runs a command in-process with stderr on a (recorded) terminal.
    static func runOnTerminal(_ arguments: [String], _ fixture: CLIFixture) async -> (Int32, String, String) {
        let out = RecordedStream(), err = RecordedStream()
        let console = CommandConsole(
            output: out, error: err, stdoutIsTTY: false, stderrIsTTY: true, width: 100, errorWidth: 100, noColor: true)
        let context = CommandContext(
            console: console, processEnvironment: fixture.runner.environment, now: { Date() },
            rawArguments: arguments.map { Array($0.utf8) }, listensForSignals: false)
        let status = await CommandRunner.run(arguments, context: context)
        return (status, out.text, err.text)
    }
}
