import AlbumScanCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command's words go, and what is known of the terminal behind them. The live console writes to the
/// process's stdout and stderr; tests hand a command one that records.
package struct CommandConsole: Sendable {
    /// Results.
    package var output: any TextStream
    /// Progress, warnings and errors.
    package var error: any TextStream
    package var stdoutIsTTY: Bool
    package var stderrIsTTY: Bool
    /// Columns on stdout.
    package var width: Int
    /// Columns on stderr, where the progress line goes.
    package var errorWidth: Int
    /// NO_COLOR is set (to anything but the empty string).
    package var noColor: Bool

    /// The process's own stdout and stderr.
    package static func live(environment: [String: String]) -> CommandConsole {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return CommandConsole(
            output: StandardStream.output, error: StandardStream.error, stdoutIsTTY: isatty(STDOUT_FILENO) == 1,
            stderrIsTTY: isatty(STDERR_FILENO) == 1, width: columns(of: STDOUT_FILENO, environment: environment),
            errorWidth: columns(of: STDERR_FILENO, environment: environment), noColor: noColor)
    }

    /// A console that writes nothing (the library's: a program reads results, not terminal lines).
    package static let silent = CommandConsole(
        output: DroppedText(), error: DroppedText(), stdoutIsTTY: false, stderrIsTTY: false, width: 80, errorWidth: 80,
        noColor: true)

    /// Columns of the terminal on `descriptor`, else COLUMNS, else 80.
    package static func columns(of descriptor: Int32, environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return columns(environment)
    }

    /// COLUMNS when it is a sensible width, else 80.
    package static func columns(_ environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        return 80
    }

    /// Whether to colour stdout for this choice, honouring NO_COLOR.
    package func useColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: stdoutIsTTY && !noColor
        }
    }

    /// One line of results on stdout; false when stdout cannot be written (the command then ends on that).
    @discardableResult
    package func printOut(_ text: String) -> Bool {
        output.write(text + "\n")
    }

    /// One line on stderr. A failure here is dropped: there is nowhere left to report it.
    package func printErr(_ text: String) {
        error.write(text + "\n")
    }

    /// Writes to stderr as is, without a newline (the progress line).
    package func writeErr(_ text: String) {
        error.write(text)
    }

    /// One line on stderr, prefixed with the program name; remote text in it is made safe.
    package func printError(_ message: String) {
        printErr("albumscan: " + SafeText.clean(message))
    }

    /// The core's view of this console: lines of results and of diagnostics.
    package var lines: Console {
        Console(out: { printOut($0) }, err: { printErr($0) })
    }
}

/// A stream that drops what it is given.
struct DroppedText: TextStream {
    func write(_ text: String) -> Bool { true }
    var failure: Int32? { nil }
}
