import AlbumScanApp
import AlbumScanCore
import Foundation

/// The `history` table: id, date, artist, title, badge and rating, and when any scan has them the shop's fields in
/// brief (SKU, location, media/sleeve grades; never the price), fitted to the width. On a narrow terminal the badge,
/// then the shop's fields, then the date give way so artist and title keep room.
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
        let shopCells = items.map { Self.shopCell($0.shop) }
        if shopCells.contains(where: { !$0.isEmpty }) {
            let shop = Column(heading: "SHOP", width: min(max(4, shopCells.map(TextWrap.columns).max() ?? 4), 28)) {
                Self.shopCell($0.shop)
            }
            fixed.append(shop)
        }
        // Artist and title want at least this much between them before other columns are dropped.
        let names = 24
        while fixed.count > 2, used(fixed) + 2 + names > width {
            let order = ["BADGE", "SHOP", "DATE"]
            fixed.remove(at: order.lazy.compactMap { name in fixed.firstIndex { $0.heading == name } }.first ?? 1)
        }
        let flexible = max(names, width - used(fixed) - 2)
        let artistWidth = flexible * 2 / 5
        let artist = Column(heading: "ARTIST", width: artistWidth) { SafeText.clean($0.album.artist) }
        let title = Column(heading: "TITLE", width: flexible - artistWidth) { SafeText.clean($0.album.title) }
        var columns = fixed
        let insertAt =
            columns.firstIndex { $0.heading == "BADGE" || $0.heading == "RATING" || $0.heading == "SHOP" } ?? columns.count
        columns.insert(contentsOf: [artist, title], at: insertAt)
        var lines = [style.bold(row(columns.map { ($0.heading, $0.width) }))]
        for item in items { lines.append(row(columns.map { ($0.cell(item), $0.width) })) }
        return lines.joined(separator: "\n")
    }

    /// The shop's fields in brief: `A-17 · Bin 4 · VG+/NM`, the parts that are set (the price is left to `show`).
    static func shopCell(_ shop: ShopFields) -> String {
        let grades = [shop.mediaCondition, shop.sleeveCondition].map { $0.map(Grade.short) ?? "-" }
        let graded = shop.mediaCondition == nil && shop.sleeveCondition == nil ? nil : grades.joined(separator: "/")
        return [shop.sku, shop.location, graded].compactMap { $0.map { SafeText.clean($0) } }.joined(separator: " · ")
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
