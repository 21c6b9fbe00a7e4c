import AlbumScanCore
import Foundation

/// The `history --html` page: one self-contained XHTML-compatible file, black like the app, every image inline.
/// Its Content-Security-Policy allows nothing but inline styles and data: images, so it can make no request.
package struct CratePage: Sendable {
    package let cards: [CrateCard]
    package let generated: Date

    /// How many scans the page shows (a card holds every scan of its release).
    package var scanCount: Int { cards.map(\.scans.count).reduce(0, +) }

    /// Loads the scans, one card per release (repeated scans of it join the card of its newest), with the stored
    /// artwork (the 500 px image, else the newest scan's thumbnail).
    package static func load(ids: [Int64], from store: AlbumStore, generated: Date = Date()) async throws -> CratePage {
        let cards = try await store.run { database in
            let scans = try ids.compactMap { try database.scan(id: $0) }
            return try grouped(scans).map { scans in
                let scan = scans[0]
                var image: Data?
                if scan.artworkStatus != .unavailable {
                    image = try scan.album.musicbrainzReleaseId.flatMap { try database.artwork(mbid: $0) }?.image
                    if image == nil { image = try database.thumbnail(scanId: scan.id) }
                }
                return CrateCard(scans: scans, image: image)
            }
        }
        return CratePage(cards: cards, generated: generated)
    }

    /// The scans by release (its MusicBrainz id, else artist and title), in the order each release first appears.
    static func grouped(_ scans: [StoredScan]) -> [[StoredScan]] {
        var order: [String] = []
        var groups: [String: [StoredScan]] = [:]
        for scan in scans {
            let key = scan.album.musicbrainzReleaseId.map { "mbid:\($0)" }
                ?? "names:\(scan.album.artist.lowercased())|\(scan.album.title.lowercased())"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(scan)
        }
        return order.compactMap { groups[$0] }
    }

    package func render() -> String {
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
            <header><h1>AlbumScan</h1><p>Your crate · \(count) · \(CrateCard.date(generated))</p>
            <p class="disclaimer">\(HTMLText.escape(ReviewWords.disclaimer))</p></header>
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
        .album > :not(.art):not(.badge) { margin-left: 20px; margin-right: 20px; }
        .art { aspect-ratio: 1 / 1; background: #3a3a3c; }
        .art img { display: block; width: 100%; height: 100%; object-fit: cover; }
        .art.missing { display: flex; align-items: center; justify-content: center; color: #8e8e93; }
        .album > .badge { margin: 0; display: flex; justify-content: space-between; align-items: baseline;
          padding: 10px 20px; background: #1c1c1e; }
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
        .disclaimer { color: #8e8e93; font-size: 14px; max-width: 720px; margin: 8px auto 0; }
        .copies h4 { margin: 8px 0 2px; }
        .copies ul { margin: 0; padding-left: 18px; color: var(--grey); font-size: 15px; }
        details.review { margin-top: 12px; border-top: 1px solid #1f1f1f; padding-top: 8px; }
        details.review summary { cursor: pointer; font-weight: 700; color: var(--green); }
        @media (max-width: 420px) { main { grid-template-columns: 1fr; padding: 12px; gap: 24px; }
          .artist { font-size: 22px; } .title { font-size: 19px; } }
        .empty { color: var(--grey); text-align: center; grid-column: 1 / -1; }
        """
}
