import AlbumScanCore
import Foundation

/// The `history` table: id, date, artist, title, badge and rating, fitted to the width.
struct HistoryTable {
    let items: [HistoryItem]
    let width: Int
    let style: TextStyle

    func render() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let idWidth = max(2, items.map { String($0.id).count }.max() ?? 2)
        let fixed = idWidth + 2 + 16 + 2 + 2 + 20 + 2 + 4
        let flexible = max(20, width - fixed)
        let artistWidth = flexible * 2 / 5, titleWidth = flexible - artistWidth - 2
        var lines = [
            style.bold(
                [pad("ID", idWidth), pad("DATE", 16), pad("ARTIST", artistWidth), pad("TITLE", titleWidth), pad("BADGE", 20), "RATING"]
                    .joined(separator: "  "))
        ]
        for item in items {
            let rating = item.rating.map { String(format: "%4.1f", $0) } ?? "   -"
            lines.append(
                [
                    pad(String(item.id), idWidth), pad(formatter.string(from: item.scannedAt), 16),
                    pad(SafeText.clean(item.album.artist), artistWidth), pad(SafeText.clean(item.album.title), titleWidth),
                    pad(SafeText.clean(item.recommendation ?? "-").uppercased(), 20), rating,
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
