import FlyingFox
import Foundation

/// `GET /pair?token=`: the token for a cookie. From the address bar (or a QR scanner opening it there) the answer is
/// 303 to `/`, so the token leaves the address bar. From another site's link the answer is a page that moves on to
/// `/` itself: a redirect would keep the navigation another site's, and the browser would not send the new
/// `SameSite=Strict` cookie with it. A wrong token is 401 (`bad-token`), a page saying so for a browser.
struct PairRoute {
    let context: ServeContext

    func handle(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let token = request.query["token"], ConstantTime.equal(token, context.configuration.token) else {
            throw APIError(
                status: .unauthorized, code: "bad-token",
                message: "this pairing link is not (or no longer) valid; use the one albumscan serve printed last",
                page: Self.isBrowsing(request) ? PairingPages.oldLink : nil)
        }
        let setCookie = SessionCookie.header(context.cookie.issue())
        guard Self.comesFromAnotherSite(request) else { return ServeResponse.seeOther("/", setCookie: setCookie) }
        var response = ServeResponse.data(
            Data(PairingPages.paired.utf8), type: "text/html; charset=utf-8", policy: PairingPages.policy)
        response.headers[.setCookie] = setCookie
        return response
    }

    /// Whether a link on another site led here (`Sec-Fetch-Site: cross-site` or `same-site`); absent, `none` (the
    /// address bar, a bookmark) and `same-origin` are not.
    static func comesFromAnotherSite(_ request: HTTPRequest) -> Bool {
        ["cross-site", "same-site"].contains(request.headers[HTTPHeader("Sec-Fetch-Site")]?.lowercased())
    }

    /// Whether a browser is opening the address as a page (it accepts HTML, or says the answer is a document),
    /// rather than a script calling it.
    static func isBrowsing(_ request: HTTPRequest) -> Bool {
        request.headers[HTTPHeader("Accept")]?.lowercased().contains("text/html") == true
            || request.headers[HTTPHeader("Sec-Fetch-Dest")]?.lowercased() == "document"
    }
}
