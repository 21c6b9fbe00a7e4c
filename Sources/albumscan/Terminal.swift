import AlbumScanCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about stdout and stderr, and the one way to write to them (`StandardStream`, never `FileHandle` or `print`).
enum Terminal {
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Columns of the terminal on stdout, else COLUMNS, else 80.
    static var width: Int { columns(of: STDOUT_FILENO) }

    /// Columns of the terminal on stderr, where the progress line goes.
    static var errorWidth: Int { columns(of: STDERR_FILENO) }

    static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 20 { return columns }
        return 80
    }

    /// Whether to colour stdout for this choice, honouring NO_COLOR.
    static func useColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: stdoutIsTTY && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        }
    }

    /// One line of results on stdout; false when stdout cannot be written (the command then ends on that).
    @discardableResult
    static func printOut(_ text: String) -> Bool {
        StandardStream.output.write(text + "\n")
    }

    /// One line on stderr. A failure here is dropped: there is nowhere left to report it.
    static func printErr(_ text: String) {
        StandardStream.error.write(text + "\n")
    }

    /// Writes to stderr as is, without a newline (the progress line).
    static func writeErr(_ text: String) {
        StandardStream.error.write(text)
    }

    /// One line on stderr, prefixed with the program name; remote text in it is made safe.
    static func printError(_ message: String) {
        printErr("albumscan: " + SafeText.clean(message))
    }
}
