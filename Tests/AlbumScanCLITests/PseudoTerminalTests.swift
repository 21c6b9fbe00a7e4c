import AlbumScanTestSupport
import Foundation
import Testing

/// The binary under a real pseudo-terminal: stage messages on stderr, colour and art only where they belong.
@Suite(.enabled(if: PseudoTerminal.available, "needs util-linux script"))
struct PseudoTerminalTests {
    static let esc = "\u{1B}"

    @Test func stageMessagesAnimateOnStderrAndAreClearedWhileStdoutStaysPlain() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        // Slow model replies make each stage visible for more than one frame.
        fixture.services.setLatency(openAI: .milliseconds(1600))
        let stdout = fixture.runner.home.appendingPathComponent("stdout.txt")
        let command =
            "\(PseudoTerminal.quote(CLIRunner.binary.path)) scan \(PseudoTerminal.quote(try fixture.cover("01")))"
            + " >\(PseudoTerminal.quote(stdout.path))"
        let terminal = try PseudoTerminal.run(command, environment: fixture.runner.environment)
        #expect(terminal.contains("Extracting text and examining album art.\r"), "\(terminal.debugDescription)")
        #expect(terminal.contains("Extracting text and examining album art...\r"))
        #expect(terminal.contains("We found Signal Bloom by The Velvet Circuit"))
        #expect(terminal.contains("Writing a review that's somehow both pretentious and correct."))
        #expect(terminal.hasSuffix("\r\(Self.esc)[2K"), "the line is cleared at the end")
        let printed = try String(contentsOf: stdout, encoding: .utf8)
        #expect(printed.contains("The Velvet Circuit") && printed.contains("🎵 Key Tracks"))
        #expect(!printed.contains(Self.esc))
    }

    @Test func quietAndVerboseReplaceTheAnimation() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let binary = PseudoTerminal.quote(CLIRunner.binary.path), cover = PseudoTerminal.quote(try fixture.cover("01"))
        let quiet = try PseudoTerminal.run("\(binary) scan \(cover) --quiet >/dev/null", environment: fixture.runner.environment)
        #expect(quiet.isEmpty, "\(quiet.debugDescription)")
        let verbose = try PseudoTerminal.run(
            "\(binary) scan \(cover) -v --no-local >/dev/null", environment: fixture.runner.environment)
        #expect(!verbose.contains("Extracting text"))
        #expect(verbose.contains("stage: ") && verbose.contains(": identifying (preparing took "))
        #expect(verbose.contains(": identified in "))
        #expect(verbose.range(of: #"\[ *\d+\.\d{3}s\] stage: "#, options: .regularExpression) != nil)
    }

    @Test func noColorKeepsATerminalStdoutFreeOfEscapes() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("01"), "--json"]).status == 0)
        let binary = PseudoTerminal.quote(CLIRunner.binary.path)
        var environment = fixture.runner.environment
        environment["COLORTERM"] = "truecolor"
        environment["TERM"] = "xterm-256color"
        let plain = try PseudoTerminal.run("\(binary) show 1 2>/dev/null", environment: environment)
        #expect(plain.contains("ESSENTIAL") || plain.contains("Rating: "))
        #expect(!plain.contains(Self.esc), "NO_COLOR=1 is set by the runner")
        environment["NO_COLOR"] = nil
        let coloured = try PseudoTerminal.run("\(binary) show 1 2>/dev/null", environment: environment)
        #expect(coloured.contains("\(Self.esc)[38;2;") && coloured.contains("▀"), "truecolor half blocks")
        let noArt = try PseudoTerminal.run("\(binary) show 1 --no-art 2>/dev/null", environment: environment)
        #expect(!noArt.contains("▀") && !noArt.contains("Album art"))
        environment["COLORTERM"] = nil
        let palette = try PseudoTerminal.run("\(binary) show 1 2>/dev/null", environment: environment)
        #expect(palette.contains("\(Self.esc)[38;5;") && !palette.contains("\(Self.esc)[38;2;"))
        environment["TERM"] = "xterm-kitty"
        let kitty = try PseudoTerminal.run("\(binary) show 1 2>/dev/null", environment: environment)
        #expect(kitty.contains("\(Self.esc)_Ga=T,f=24,"))
        environment["TERM"] = "xterm-256color"
        environment["TERM_PROGRAM"] = "iTerm.app"
        let iTerm = try PseudoTerminal.run("\(binary) show 1 2>/dev/null", environment: environment)
        #expect(iTerm.contains("\(Self.esc)]1337;File=inline=1;"))
        let piped = try await fixture.run(
            ["show", "1", "--color", "auto"], extraEnvironment: ["NO_COLOR": "", "COLORTERM": "truecolor"])
        #expect(!piped.stdout.contains(Self.esc), "no TTY, no escapes")
    }
}
