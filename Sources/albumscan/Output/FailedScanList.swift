import AlbumScanCore
import Foundation

/// `history --failed` in text: one line per photo still failing (when, file, code, why), fitted to the width.
struct FailedScanList {
    let failures: [FailedScan]
    let width: Int

    func render() -> String {
        let formatter = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let idWidth = max(2, failures.map { String($0.id).count }.max() ?? 2)
        let fileWidth = min(max(4, failures.map { TextWrap.columns(SafeText.clean($0.file)) }.max() ?? 4), 28)
        let codeWidth = max(4, failures.map(\.error.code.count).max() ?? 4)
        func line(_ id: String, _ date: String, _ file: String, _ code: String, _ why: String) -> String {
            let start = [TextWrap.fit(id, idWidth), TextWrap.fit(date, 10), TextWrap.fit(Self.tail(file, fileWidth), fileWidth), TextWrap.fit(code, codeWidth)]
                .joined(separator: "  ")
            let room = max(width - TextWrap.columns(start) - 2, 10)
            let cut = TextWrap.fit(why, room)
            return start + "  " + (TextWrap.columns(why) <= room ? why : cut)
        }
        let rows = failures.map { failure in
            let tries = failure.tries > 1 ? " (tried \(failure.tries) times)" : ""
            return line(
                String(failure.id), formatter.format(failure.triedAt), SafeText.clean(failure.file), failure.error.code,
                SafeText.clean(failure.error.message) + tries)
        }
        return ([line("ID", "TRIED", "FILE", "CODE", "WHY")] + rows).joined(separator: "\n")
    }

    /// A path cut at its start to fit `width` columns ("…" marks the cut): its end names the file.
    static func tail(_ path: String, _ width: Int) -> String {
        guard TextWrap.columns(path) > width else { return path }
        var kept = Substring(path)
        while TextWrap.columns(kept) > width - 1, !kept.isEmpty { kept = kept.dropFirst() }
        return "…" + kept
    }
}
