import AlbumScanCore
import Foundation

/// `history --failed` in text: one line per photo still failing (when, code, file, why), fitted to the width. The
/// file is shown whole, since it is what a re-run and `--dismiss` take; the reason gives way on a narrow terminal.
struct FailedScanList {
    let failures: [FailedScan]
    let width: Int

    func render() -> String {
        let formatter = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let fileWidth = max(4, failures.map { TextWrap.columns(SafeText.clean($0.file)) }.max() ?? 4)
        let codeWidth = max(4, failures.map(\.error.code.count).max() ?? 4)
        func line(_ date: String, _ code: String, _ file: String, _ why: String) -> String {
            let start = [TextWrap.fit(date, 10), TextWrap.fit(code, codeWidth), file.padding(to: fileWidth)]
                .joined(separator: "  ")
            let room = max(width - TextWrap.columns(start) - 2, 10)
            return start + "  " + (TextWrap.columns(why) <= room ? why : TextWrap.fit(why, room))
        }
        let rows = failures.map { failure in
            let tries = failure.tries > 1 ? " (tried \(failure.tries) times)" : ""
            return line(
                formatter.format(failure.triedAt), failure.error.code, SafeText.clean(failure.file),
                SafeText.clean(failure.error.message) + tries)
        }
        return ([line("TRIED", "CODE", "FILE", "WHY")] + rows).joined(separator: "\n")
    }
}

extension String {
    /// The text followed by spaces up to `width` terminal columns (never cut).
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - TextWrap.columns(self)))
    }
}
