import AlbumScanCore
import Foundation

/// The `history --html` page: one self-contained XHTML-compatible file, black like the app, every image inline.
/// Its Content-Security-Policy allows nothing but inline styles and data: images, so it can make no request.
struct CratePage {
    let cards: [CrateCard]
    let generated: Date

    /// Loads the scans and their stored artwork (the 500 px image, else the thumbnail).
    static func load(ids: [Int64], from store: AlbumStore, generated: Date = Date()) async throws -> CratePage {
        let cards = try await store.run { database in
            try ids.compactMap { id -> CrateCard? in
                guard let scan = try database.scan(id: id) else { return nil }
                var image: Data?
                if scan.artworkStatus != .unavailable {
                    image = try scan.album.musicbrainzReleaseId.flatMap { try database.artwork(mbid: $0) }?.image
                    if image == nil { image = try database.thumbnail(scanId: id) }
                }
                return CrateCard(scan: scan, image: image)
            }
        }
        return CratePage(cards: cards, generated: generated)
    }

    func render() -> String {
        let count = cards.count == 1 ? "1 album" : "\(cards.count) albums"
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"/>
            <meta name="generator" content="albumscan \(AlbumScanVersion.current)"/>
            <title>AlbumScan crate</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header><h1>AlbumScan</h1><p>Your crate · \(count) · \(CrateCard.date(generated))</p></header>
            <main>
            \(cards.isEmpty ? "<p class=\"empty\">Scan your first album to begin.</p>" : cards.map { $0.render() }.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
    }

    static let style = """
        :root { color-scheme: dark; --green: #34c759; --grey: #c7c7cc; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #000; color: #fff; font: 18px/1.45 "Helvetica Neue", Helvetica, Arial, sans-serif; }
        header { text-align: center; padding: 28px 16px 8px; }
        header h1 { margin: 0; font-size: 34px; letter-spacing: 0.04em; font-weight: 800; }
        header p { margin: 4px 0 0; color: var(--grey); font-size: 15px; }
        main { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 40px;
          max-width: 1200px; margin: 0 auto; padding: 24px; }
        .album { background: #0d0d0d; border: 1px solid #1f1f1f; border-radius: 14px; overflow: hidden; padding-bottom: 12px; }
        .album > :not(.art) { margin-left: 20px; margin-right: 20px; }
        .art { position: relative; aspect-ratio: 1 / 1; background: #3a3a3c; }
        .art img { display: block; width: 100%; height: 100%; object-fit: cover; }
        .art.missing { display: flex; align-items: center; justify-content: center; color: #8e8e93; }
        .badge { position: absolute; left: 0; right: 0; bottom: 0; display: flex; justify-content: space-between;
          align-items: baseline; padding: 10px 16px; background: rgba(0, 0, 0, 0.78); }
        .badge .label { font-weight: 700; letter-spacing: 0.06em; }
        .badge .score { color: var(--green); font-weight: 900; font-size: 26px; }
        .artist { font-size: 26px; margin-top: 18px; margin-bottom: 0; }
        .title { font-size: 22px; margin-top: 2px; }
        .meta { color: var(--grey); }
        .meta b { color: #fff; }
        .bullets { padding-left: 8px; list-style: none; }
        .bullets li::before { content: "• "; }
        .bullets li { margin-bottom: 6px; }
        h4 { font-size: 18px; margin-bottom: 4px; }
        .sources a { color: var(--green); }
        .unavailable h4 { color: #ff9f0a; }
        .disclaimer, .scanned { color: #8e8e93; font-size: 14px; }
        .empty { color: var(--grey); text-align: center; grid-column: 1 / -1; }
        """
}
