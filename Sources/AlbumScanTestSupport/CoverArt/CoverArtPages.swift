import Foundation

/// The response shapes `coverart_redirect` sends: 307 redirects and werkzeug HTML error pages.
enum CoverArtPages {
    /// A `307 TEMPORARY REDIRECT` to `location` with the `See: <loc>` text body.
    static func redirect(_ location: String) -> FakeResponse {
        FakeResponse(
            status: 307, headers: ["Location": location, "Content-Type": "text/plain"],
            body: Data("See: \(location)\n".utf8))
    }

    /// A werkzeug-style HTML error page whose `<p>` holds `message`.
    static func error(_ status: Int, _ message: String) -> FakeResponse {
        let title = HTTPResponseWriter.reason(status)
        let html = """
            <!doctype html>
            <html lang=en>
            <title>\(status) \(title)</title>
            <h1>\(title)</h1>
            <p>\(message)</p>

            """
        return .text(html, status: status, contentType: "text/html; charset=utf-8")
    }

    /// The 400 for a malformed MBID.
    static let invalidMBID = error(400, "invalid MBID specified")
}

/// The image a CAA path names after `/release/{mbid}/`, such as `front-500` or `12345.jpg`.
struct CoverArtImageSelector: Equatable {
    /// Which image: front, back or an id.
    enum Which: Equatable {
        case front
        case back
        case id(Int)
    }

    var which: Which
    /// The thumbnail size, or nil for the original.
    var size: Int?

    /// Parses `front`, `back-250`, `front-500.jpg`, `123.jpg` or `123-1200.jpg`, or the 400 message.
    static func parse(_ text: String) -> Result<CoverArtImageSelector, SelectorError> {
        let stem = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        let pieces = stem.split(separator: "-", maxSplits: 1).map(String.init)
        guard let name = pieces.first else { return .failure(SelectorError(message: "invalid image")) }
        var size: Int?
        if pieces.count == 2 {
            guard let parsed = Int(pieces[1]), [250, 500, 1200].contains(parsed) else {
                return .failure(SelectorError(message: "invalid thumbnail size \(pieces[1])"))
            }
            size = parsed
        }
        switch name {
        case "front": return .success(CoverArtImageSelector(which: .front, size: size))
        case "back": return .success(CoverArtImageSelector(which: .back, size: size))
        default:
            guard let id = Int(name) else { return .failure(SelectorError(message: "invalid image id \(name)")) }
            return .success(CoverArtImageSelector(which: .id(id), size: size))
        }
    }

    /// Why a selector did not parse.
    struct SelectorError: Error {
        var message: String
    }
}
