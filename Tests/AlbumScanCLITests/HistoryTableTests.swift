import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// The history table stays within the terminal width, dropping columns on narrow terminals, and wraps by columns.
@Suite struct HistoryTableTests {
    static let items = [
        HistoryItem(
            id: 12, scannedAt: Date(timeIntervalSince1970: 1_700_000_000),
            album: Album(artist: "Earth, Wire & Fire", title: "Conductors of an Unreasonably Long Title Suite"),
            recommendation: "Essential Classic", rating: 8.5, hasArtwork: true),
        HistoryItem(
            id: 3, scannedAt: Date(timeIntervalSince1970: 1_600_000_000),
            album: Album(artist: "東京の夜\u{1B}[2J", title: "Ágætis Nótt"), recommendation: nil, rating: nil, hasArtwork: false),
    ]

    @Test(arguments: [40, 60, 80, 132])
    func everyLineFitsTheWidth(width: Int) async {
        let text = HistoryTable(items: Self.items, width: width, style: TextStyle(enabled: false)).render()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines { #expect(TextWrap.columns(line) <= width, "\(line)") }
        #expect(!text.contains("\u{1B}"))
        #expect(lines[0].hasPrefix("ID  "))
        #expect(width < 80 || text.contains("ESSENTIAL CLASSIC"))
    }

    @Test func wideCharactersCountTwoColumns() async {
        #expect(TextWrap.columns("東京") == 4)
        #expect(TextWrap.fit("東京の夜", 5) == "東京…")
        #expect(TextWrap.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(TextWrap.wrap(String(repeating: "x", count: 12), width: 5) == ["xxxxx", "xxxxx", "xx"])
    }
}
