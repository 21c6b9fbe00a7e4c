import AlbumScanCore
import Foundation

/// The `history` table: id, date, artist, title, badge and rating, fitted to the width.
/// On a narrow terminal the badge, then the date, give way so artist and title keep room.
struct HistoryTable {
    let items: [HistoryItem]
    let width: Int
    let style: TextStyle

    /// One column: its heading, width and each row's cell.
    struct Column {
        var heading: String
        var width: Int
        var cell: (HistoryItem) -> String
    }

    func render() -> String {
        // ISO8601FormatStyle lives in FoundationEssentials; DateFormatter would load ICU's locale data,
        // several megabytes of memory, for a fixed numeric format.
        let formatter = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        let id = Column(heading: "ID", width: max(2, items.map { String($0.id).count }.max() ?? 2)) { String($0.id) }
        let date = Column(heading: "DATE", width: 10) { formatter.format($0.scannedAt) }
        let badgeWidth = max(5, items.map { TextWrap.columns(SafeText.clean($0.recommendation ?? "-")) }.max() ?? 5)
        let badge = Column(heading: "BADGE", width: min(badgeWidth, 20)) {
            SafeText.clean($0.recommendation ?? "-").uppercased()
        }
        let rating = Column(heading: "RATING", width: 6) { $0.rating.map { String(format: "%4.1f", $0) } ?? "   -" }
        var fixed = [id, date, badge, rating]
        // Artist and title want at least this much between them before other columns are dropped.
        let names = 24
        while fixed.count > 2, used(fixed) + 2 + names > width {
            fixed.remove(at: fixed.firstIndex { $0.heading == "BADGE" } ?? fixed.firstIndex { $0.heading == "DATE" } ?? 1)
        }
        let flexible = max(names, width - used(fixed) - 2)
        let artistWidth = flexible * 2 / 5
        let artist = Column(heading: "ARTIST", width: artistWidth) { SafeText.clean($0.album.artist) }
        let title = Column(heading: "TITLE", width: flexible - artistWidth) { SafeText.clean($0.album.title) }
        var columns = fixed
        let insertAt = columns.firstIndex { $0.heading == "BADGE" || $0.heading == "RATING" } ?? columns.count
        columns.insert(contentsOf: [artist, title], at: insertAt)
        var lines = [style.bold(row(columns.map { ($0.heading, $0.width) }))]
        for item in items { lines.append(row(columns.map { ($0.cell(item), $0.width) })) }
        return lines.joined(separator: "\n")
    }

    /// Columns plus the two-space gaps that follow all but the last.
    private func used(_ columns: [Column]) -> Int {
        columns.reduce(0) { $0 + $1.width } + 2 * columns.count
    }

    private func row(_ cells: [(String, Int)]) -> String {
        var line = cells.map { TextWrap.fit($0.0, $0.1) }.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
