import AlbumScanCore
import Foundation

/// One release on the crate page, with every scan of it: the cover, its badge under it, the details in Feature 3's
/// order, the edition and the shop's copies (grades and location; never a price), and the review behind a toggle.
package struct CrateCard: Sendable {
    /// The scans of this release, newest first; the newest speaks for the release.
    package let scans: [StoredScan]
    /// The stored JPEG (500 px, else the 200 px thumbnail), embedded as a data URI.
    package let image: Data?

    var scan: StoredScan { scans[0] }

    package func render() -> String {
        let album = scan.album
        var html = "<article class=\"album\" id=\"scan-\(scan.id)\">\n"
        html += artwork() + "\n" + badge(scan.review)
        html += "<h2 class=\"artist\">\(e(album.artist))</h2>\n<h3 class=\"title\">\(e(album.title))</h3>\n"
        html += "<p class=\"meta\"><b>Released:</b> \(e(album.year ?? "Unknown"))<br/>"
        html += "<b>Genre:</b> \(album.genres.isEmpty ? "Unknown" : album.genres.map(e).joined(separator: ", "))<br/>"
        html += "<b>Label:</b> \(e(album.label ?? "Unknown"))" + edition(album) + "</p>\n"
        html += copies()
        if let review = scan.review {
            let rating = "\(String(format: "%.1f", review.rating))/10"
            html += "<details class=\"review\"><summary>Review · \(rating)</summary>\n\(body(review))</details>\n"
        } else {
            html += unavailable()
        }
        return html + "</article>"
    }

    /// Catalogue number, format and country, and the Discogs release, each only when known.
    func edition(_ album: Album) -> String {
        var lines: [String] = []
        if let number = album.catalogNumber { lines.append("<b>Cat. no.:</b> \(e(number))") }
        let medium = [album.format, album.country].compactMap { $0 }
        if !medium.isEmpty { lines.append("<b>Edition:</b> \(medium.map(e).joined(separator: " · "))") }
        if let id = album.discogs.releaseIds.first { lines.append("<b>Discogs:</b> release \(id)") }
        return lines.map { "<br/>" + $0 }.joined()
    }

    /// One line per scan: its id and date, and the copy's grades and location when the shop set them.
    func copies() -> String {
        let heading = scans.count == 1 ? "1 scan" : "\(scans.count) scans of this release"
        var html = "<div class=\"copies\"><h4>\(heading)</h4><ul>"
        for scan in scans {
            let shop = scan.shop
            let grades = [shop.mediaCondition.map { "media \($0)" }, shop.sleeveCondition.map { "sleeve \($0)" }]
                .compactMap { $0 }
            var parts = ["Scan \(scan.id) · \(Self.date(scan.scannedAt))"]
            if !grades.isEmpty { parts.append(grades.joined(separator: ", ")) }
            if let location = shop.location { parts.append("at \(location)") }
            html += "<li>" + parts.map(e).joined(separator: " · ") + "</li>"
        }
        return html + "</ul></div>\n"
    }

    /// The square cover, or the grey placeholder.
    func artwork() -> String {
        guard let image else { return "<div class=\"art missing\"><span>Album art unavailable</span></div>" }
        let alt = e("Cover of \(scan.album.title) by \(scan.album.artist)")
        return "<div class=\"art\"><img src=\"data:image/jpeg;base64,\(image.base64EncodedString())\" alt=\"\(alt)\"/></div>"
    }

    /// The recommendation and rating, in a band under the cover so it hides none of it.
    func badge(_ review: Review?) -> String {
        guard let review else { return "" }
        return "<div class=\"badge\"><span class=\"label\">\(e(review.recommendation.uppercased()))</span>"
            + "<span class=\"score\">\(ReviewWords.rating(review.rating))</span></div>\n"
    }

    func body(_ review: Review) -> String {
        var html = "<p class=\"summary\">\(e(review.summary))</p>\n<ul class=\"bullets\">"
        html += review.bullets.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n"
        html += "<h4>🎵 Key Tracks</h4>\n<ol class=\"tracks\">" + review.keyTracks.map { "<li>\(e($0))</li>" }.joined()
        html += "</ol>\n"
        guard !review.sources.isEmpty else { return html }
        html += "<h4>Sources</h4>\n<ul class=\"sources\">"
        for source in review.sources {
            if let href = HTMLText.link(source.url) {
                html += "<li><a href=\"\(href)\" rel=\"noopener noreferrer\">\(e(source.title))</a></li>"
            } else {
                html += "<li>\(e(source.title))</li>"
            }
        }
        return html + "</ul>\n"
    }

    func unavailable() -> String {
        "<div class=\"unavailable\"><h4>⚠ \(e(ReviewWords.reviewUnavailable))</h4>"
            + "<p>\(e(ReviewWords.reviewUnavailableExplanation))</p><p>\(e(Self.retryTip))</p></div>\n"
    }

    private func e(_ text: String) -> String { HTMLText.escape(text) }

    /// How to get a missing review, in words for a page a phone may open (no shell command: the page cannot run one).
    static let retryTip = "💡 Scan this photo again to retry the review: its scan keeps its number and shop fields."

    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
