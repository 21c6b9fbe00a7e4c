import AlbumScanCore
import Foundation

/// The album details view of Feature 3: art, badge, names, metadata, summary, bullets, rating, key tracks,
/// sources, disclaimer. Every remote string is made safe before it is placed.
struct DetailsView {
    let result: ScanResult
    let style: TextStyle
    let width: Int
    /// The stored 200 px thumbnail, drawn when colour is on.
    let thumbnail: Data?

    func render() -> String {
        guard let album = result.album else { return "" }
        var lines: [String] = []
        lines += artwork()
        let review = result.review?.review
        if let review {
            let badge = "\(safe(review.recommendation).uppercased())  \(Self.rating(review.rating))"
            lines.append(style.badge(" \(badge) "))
        }
        lines.append("")
        lines.append(style.bold(safe(album.artist)))
        lines.append(style.bold(safe(album.title)))
        lines.append("")
        lines.append("\(style.bold("Released:")) \(safe(album.year ?? "Unknown"))")
        lines.append(
            "\(style.bold("Genre:")) \(album.genres.isEmpty ? "Unknown" : album.genres.map(safe).joined(separator: ", "))")
        lines.append("\(style.bold("Label:")) \(safe(album.label ?? "Unknown"))")
        lines.append("")
        if let review {
            lines += wrap(safe(review.summary), indent: "")
            lines.append("")
            for bullet in review.bullets { lines += wrap(safe(bullet), indent: "  • ", continuation: "    ") }
            lines.append("")
            lines.append("\(style.bold("Rating:")) \(Self.rating(review.rating))/10")
            lines.append("")
            lines.append(style.bold("🎵 Key Tracks"))
            for (number, track) in review.keyTracks.enumerated() { lines.append("  \(number + 1). \(safe(track))") }
            if !review.sources.isEmpty {
                lines.append("")
                lines.append(style.bold("Sources"))
                for source in review.sources {
                    lines += wrap("\(safe(source.title)) — \(safe(source.url))", indent: "  - ", continuation: "    ")
                }
            }
        } else {
            lines.append(style.red("Review Temporarily Unavailable"))
            lines += wrap("The review could not be written this time; the album details above are saved.", indent: "")
            lines.append("💡 Tip: Scan this album again to retry generating the review.")
        }
        lines.append("")
        lines += wrap("Reviews are written by AI from public information and may contain mistakes.", indent: "").map(style.dim)
        return lines.joined(separator: "\n")
    }

    /// The cover in colour when possible; otherwise the grey placeholder box.
    func artwork() -> [String] {
        if style.enabled, let thumbnail, let art = TerminalArt.halfBlocks(thumbnail, columns: 28) { return art }
        let inner = 26
        let label = "Album art unavailable"
        let padLeft = (inner - label.count) / 2
        let middle = String(repeating: " ", count: padLeft) + label + String(repeating: " ", count: inner - label.count - padLeft)
        let blank = String(repeating: " ", count: inner)
        let rows = [
            "┌" + String(repeating: "─", count: inner) + "┐", "│\(blank)│", "│\(middle)│", "│\(blank)│",
            "└" + String(repeating: "─", count: inner) + "┘",
        ]
        return rows.map(style.grey)
    }

    func safe(_ text: String) -> String { SafeText.clean(text) }

    static func rating(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Word-wraps to the terminal width.
    func wrap(_ text: String, indent: String, continuation: String? = nil) -> [String] {
        let limit = max(30, width - 1)
        var lines: [String] = []
        var current = indent
        let next = continuation ?? indent
        for word in text.split(separator: " ") {
            let prefixOnly = current == indent || current == next
            if !prefixOnly, current.count + 1 + word.count > limit {
                lines.append(current)
                current = next
            }
            current += (current == indent || current == next ? "" : " ") + word
        }
        lines.append(current)
        return lines
    }
}
