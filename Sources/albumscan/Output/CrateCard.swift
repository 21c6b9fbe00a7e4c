import AlbumScanCore
import Foundation

/// One scan on the crate page: its details in Feature 3's order, as an XHTML `<article>`.
struct CrateCard {
    let scan: StoredScan
    /// The stored JPEG (500 px, else the 200 px thumbnail), embedded as a data URI.
    let image: Data?

    func render() -> String {
        let album = scan.album
        let review = scan.review
        var html = "<article class=\"album\" id=\"scan-\(scan.id)\">\n"
        html += artwork(review) + "\n"
        html += "<h2 class=\"artist\">\(e(album.artist))</h2>\n<h3 class=\"title\">\(e(album.title))</h3>\n"
        html += "<p class=\"meta\"><b>Released:</b> \(e(album.year ?? "Unknown"))<br/>"
        html += "<b>Genre:</b> \(album.genres.isEmpty ? "Unknown" : album.genres.map(e).joined(separator: ", "))<br/>"
        html += "<b>Label:</b> \(e(album.label ?? "Unknown"))</p>\n"
        if let review { html += body(review) } else { html += unavailable() }
        html += "<p class=\"disclaimer\">\(e(DetailsView.disclaimer))</p>\n"
        html += "<p class=\"scanned\">Scan \(scan.id) · \(Self.date(scan.scannedAt))</p>\n</article>"
        return html
    }

    /// The square cover (or the grey placeholder) with the badge across its bottom edge.
    func artwork(_ review: Review?) -> String {
        let badge =
            review.map {
                "<div class=\"badge\"><span class=\"label\">\(e($0.recommendation.uppercased()))</span>"
                    + "<span class=\"score\">\(DetailsView.rating($0.rating))</span></div>"
            } ?? ""
        guard let image else {
            return "<div class=\"art missing\"><span>Album art unavailable</span>\(badge)</div>"
        }
        let alt = e("Cover of \(scan.album.title) by \(scan.album.artist)")
        return "<div class=\"art\"><img src=\"data:image/jpeg;base64,\(image.base64EncodedString())\" alt=\"\(alt)\"/>"
            + "\(badge)</div>"
    }

    func body(_ review: Review) -> String {
        var html = "<p class=\"summary\">\(e(review.summary))</p>\n<ul class=\"bullets\">"
        html += review.bullets.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n"
        html += "<p class=\"rating\"><b>Rating:</b> \(DetailsView.rating(review.rating))/10</p>\n"
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
        "<div class=\"unavailable\"><h4>⚠ \(e(DetailsView.reviewUnavailable))</h4>"
            + "<p>\(e(DetailsView.reviewUnavailableExplanation))</p><p>\(e(DetailsView.retryTip))</p></div>\n"
    }

    private func e(_ text: String) -> String { HTMLText.escape(text) }

    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
