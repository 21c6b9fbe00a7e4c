import AlbumScanCore
import Foundation

/// The `history` table: id, date, artist, title, badge and rating, fitted to the width.
struct HistoryTable {
    let items: [HistoryItem]
    let width: Int
    let style: TextStyle

    func render() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let idWidth = max(2, items.map { String($0.id).count }.max() ?? 2)
        let badgeWidth = max(5, items.map { ($0.recommendation ?? "-").count }.max() ?? 5)
        let fixed = idWidth + 2 + 10 + 2 + 2 + badgeWidth + 2 + 6
        let flexible = max(24, width - fixed)
        let artistWidth = flexible * 2 / 5, titleWidth = flexible - artistWidth - 2
        var lines = [
            style.bold(
                [
                    pad("ID", idWidth), pad("DATE", 10), pad("ARTIST", artistWidth), pad("TITLE", titleWidth),
                    pad("BADGE", badgeWidth), "RATING",
                ]
                .joined(separator: "  "))
        ]
        for item in items {
            let rating = item.rating.map { String(format: "%4.1f", $0) } ?? "   -"
            lines.append(
                [
                    pad(String(item.id), idWidth), pad(formatter.string(from: item.scannedAt), 10),
                    pad(SafeText.clean(item.album.artist), artistWidth), pad(SafeText.clean(item.album.title), titleWidth),
                    pad(SafeText.clean(item.recommendation ?? "-").uppercased(), badgeWidth), rating,
                ].joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// Pads or truncates to exactly `width` characters, marking cuts with "…".
    func pad(_ text: String, _ width: Int) -> String {
        if text.count > width { return String(text.prefix(width - 1)) + "…" }
        return text + String(repeating: " ", count: width - text.count)
    }
}
