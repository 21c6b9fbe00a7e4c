import AlbumScanApp
import AlbumScanCore
import Foundation

/// `history --failed` in text: one line per photo still failing (when, code, file, why), fitted to the width. The
/// file is shown whole, since it is what a re-run and `--dismiss` take; a reason with no room left beside it goes
/// on the line below, indented, rather than being cut.
struct FailedScanList {
    let failures: [FailedScan]
    let width: Int

    /// Columns a reason needs beside the file before it moves to a line of its own.
    static let reasonRoom = 30

    func render() -> String {
        let formatter = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let fileWidth = max(4, failures.map { TextWrap.columns(SafeText.clean($0.file)) }.max() ?? 4)
        let codeWidth = max(4, failures.map(\.error.code.count).max() ?? 4)
        func start(_ date: String, _ code: String, _ file: String) -> String {
            [TextWrap.fit(date, 10), TextWrap.fit(code, codeWidth), file.padding(to: fileWidth)].joined(separator: "  ")
        }
        let besides = width - TextWrap.columns(start("", "", "")) - 2 >= min(Self.reasonRoom, width / 2)
        var lines = [besides ? start("TRIED", "CODE", "FILE") + "  WHY" : start("TRIED", "CODE", "FILE")]
        for failure in failures {
            let tries = failure.tries > 1 ? " (tried \(failure.tries) times)" : ""
            let why = SafeText.clean(failure.error.message) + tries
            let head = start(formatter.format(failure.triedAt), failure.error.code, SafeText.clean(failure.file))
            if besides {
                let room = width - TextWrap.columns(head) - 2
                lines.append(head + "  " + (TextWrap.columns(why) <= room ? why : TextWrap.fit(why, room)))
            } else {
                lines.append(Self.trimmed(head))
                lines += TextWrap.wrap(why, width: max(width - 4, 20)).map { "    " + $0 }
            }
        }
        return lines.map(Self.trimmed).joined(separator: "\n")
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

extension String {
    /// The text followed by spaces up to `width` terminal columns (never cut).
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - TextWrap.columns(self)))
    }
}
