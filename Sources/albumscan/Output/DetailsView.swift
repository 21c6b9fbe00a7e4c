import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import Foundation

/// The album details view of Feature 3, in its order: art, badge, artist and title, metadata, summary, bullets,
/// rating, key tracks, sources (Ultra) and the AI disclaimer. Every remote string is made safe before it is placed.
struct DetailsView {
    /// What stands in the artwork's place.
    enum Art {
        /// The drawn cover (half blocks or an image-protocol sequence).
        case drawn([String])
        /// Artwork is stored but this output cannot draw it: a box saying so.
        case notShown
        /// No artwork was found: the seed's grey "Album art unavailable" box.
        case unavailable
        /// `--no-art`: nothing at all.
        case omitted
    }

    let result: ScanResult
    let style: TextStyle
    /// Terminal columns; text wraps to this (at most 100, for readable lines).
    let width: Int
    let art: Art
    /// The "Tip:" lines (off under `--quiet`).
    var tips = true

    func render() -> String {
        guard let album = result.album else { return "" }
        let review = result.review?.review
        var lines = artwork()
        if let review { lines.append(badge(review)) }
        switch result.verification.status {
        case .verified: lines += wrap(ReviewWords.artworkMatches).map(style.dim)
        case .mismatch: lines += wrap(ReviewWords.artworkDiffers).map(style.yellow)
        default: break
        }
        lines.append("")
        lines += wrap(safe(album.artist)).map(style.bold)
        lines += wrap(safe(album.title)).map(style.bold)
        lines.append("")
        lines += field("Released:", album.year.map(safe) ?? "Unknown")
        lines += field("Genre:", album.genres.isEmpty ? "Unknown" : album.genres.map(safe).joined(separator: ", "))
        lines += field("Label:", album.label.map(safe) ?? "Unknown")
        lines += edition(album)
        lines.append("")
        // The shop's own fields, as typed: only on a saved scan, only those set.
        if result.scanId != nil, !result.shop.isEmpty {
            lines += shop(result.shop)
            lines.append("")
        }
        if let review {
            lines += body(review)
        } else {
            lines.append(style.yellow("⚠ " + ReviewWords.reviewUnavailable))
            lines += wrap(ReviewWords.reviewUnavailableExplanation)
            if tips { lines += wrap(ReviewWords.retryTip(file: result.file.isEmpty ? nil : result.file)) }
        }
        lines.append("")
        lines += wrap(ReviewWords.disclaimer).map(style.dim)
        return lines.joined(separator: "\n")
    }

    /// The shop's fields that are set, as the shop typed them (grades in Discogs' words).
    func shop(_ fields: ShopFields) -> [String] {
        let labels: [(ShopField, String)] = [
            (.mediaCondition, "Media:"), (.sleeveCondition, "Sleeve:"), (.location, "Location:"), (.sku, "SKU:"),
            (.comments, "Comments:"), (.price, "Price:"),
        ]
        return labels.flatMap { field, label in fields[field].map { self.field(label, safe($0)) } ?? [] }
    }

    /// Summary, bullets, rating, key tracks and, for Ultra, the cited sources.
    func body(_ review: Review) -> [String] {
        var lines = wrap(safe(review.summary))
        lines.append("")
        for bullet in review.bullets { lines += wrap(safe(bullet), indent: "  • ", continuation: "    ") }
        lines.append("")
        lines.append("\(style.bold("Rating:")) \(ReviewWords.rating(review.rating))/10")
        lines.append("")
        lines.append(style.bold("🎵 Key Tracks"))
        for (number, track) in review.keyTracks.enumerated() {
            lines += wrap(safe(track), indent: "  \(number + 1). ", continuation: "     ")
        }
        if !review.sources.isEmpty {
            lines.append("")
            lines.append(style.bold("Sources"))
            for source in review.sources {
                lines += wrap(safe(source.title), indent: "  - ", continuation: "    ")
                // URLs stay whole so terminals can still open them.
                lines.append("    " + style.grey(safe(source.url)))
            }
        }
        return lines
    }

    /// `ESSENTIAL CLASSIC  8.5`; in colour, a black bar as wide as the art with the rating in green.
    func badge(_ review: Review) -> String {
        let label = safe(review.recommendation).uppercased()
        let rating = ReviewWords.rating(review.rating)
        guard style.enabled else { return "\(label)  \(rating)" }
        let inner = max(TerminalArt.columns - 2, TextWrap.columns(label) + 2 + rating.count)
        let gap = String(repeating: " ", count: inner - TextWrap.columns(label) - rating.count)
        return style.badge(" \(label)\(gap)") + style.badgeRating("\(rating) ")
    }

    /// The cover, or a grey box that says why there is none.
    func artwork() -> [String] {
        switch art {
        case .drawn(let lines): return lines
        case .omitted: return []
        case .notShown: return box("Album art not shown here")
        case .unavailable: return box("Album art unavailable")
        }
    }

    func box(_ label: String) -> [String] {
        let inner = TerminalArt.columns - 2
        let left = (inner - label.count) / 2
        let middle = String(repeating: " ", count: left) + label + String(repeating: " ", count: inner - label.count - left)
        let blank = String(repeating: " ", count: inner)
        let edge = String(repeating: "─", count: inner)
        return ["┌\(edge)┐", "│\(blank)│", "│\(middle)│", "│\(blank)│", "└\(edge)┘"].map(style.grey)
    }

    /// A bold label with its value, wrapped under the label's indent.
    func field(_ label: String, _ value: String) -> [String] {
        let plain = TextWrap.wrap("\(label) \(value)", width: textWidth, continuation: "  ")
        guard let first = plain.first, first.hasPrefix(label) else { return plain }
        return [style.bold(label) + first.dropFirst(label.count)] + plain.dropFirst()
    }

    var textWidth: Int { max(20, min(width, 100)) }

    func wrap(_ text: String, indent: String = "", continuation: String? = nil) -> [String] {
        TextWrap.wrap(text, width: textWidth, indent: indent, continuation: continuation)
    }

    func safe(_ text: String) -> String { SafeText.clean(text) }

    /// The edition the sleeve showed and the Discogs release, each line only when known: nothing is said that the
    /// sleeve (or a barcode's exact release) did not say. Links not asked for yet are said to be so, not absent.
    func edition(_ album: Album) -> [String] {
        var lines: [String] = []
        if let catalogNumber = album.catalogNumber { lines += field("Cat. no.:", safe(catalogNumber)) }
        let medium = [album.format, album.country].compactMap { $0 }.map(safe)
        if !medium.isEmpty { lines += field("Edition:", medium.joined(separator: " · ")) }
        if let first = album.discogs.releaseIds.first {
            let more = album.discogs.releaseIds.count > 1 ? " (+\(album.discogs.releaseIds.count - 1) more)" : ""
            let how = album.discogs.source == .search ? ", found by search" : ""
            lines += field("Discogs:", "release \(first)\(more)\(how)")
        } else if album.discogs.isPending {
            lines += field("Discogs:", "not asked for yet (a Discogs export or the crate page asks MusicBrainz)")
        }
        return lines
    }
}
