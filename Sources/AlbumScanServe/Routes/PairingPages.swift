import AlbumScanCore
import Foundation

/// The small pages a browser gets around pairing, readable on a phone (large text, light or dark) with no script
/// and no file of the page's, which an unpaired browser may not load: this phone is not paired, this pairing link is
/// old, and paired (moving on to `/` within this site).
enum PairingPages {
    /// The pages' one style, inline; the policy allows exactly this text by its hash.
    static let style =
        ":root{color-scheme:light dark}body{font:1.375rem/1.5 system-ui,sans-serif;max-width:34rem;margin:0 auto;"
        + "padding:2rem 1.25rem}h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}a{font-weight:600}"

    /// No script, no image, no form, no framing; the inline style by its hash.
    static let policy =
        "default-src 'none'; style-src 'sha256-\(Data(Digest.sha256(Data(style.utf8))).base64EncodedString())'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page a browser gets for any page of this server without auth.
    static let notPaired = page(
        title: "Not paired", heading: "This phone is not paired.",
        text: "On the computer running albumscan serve, scan the QR code it printed (or open its pairing link).")

    /// The page a browser gets for a pairing link whose token is not this server's (an old or mistyped one).
    static let oldLink = page(
        title: "Old pairing link", heading: "This pairing link is old.",
        text: "Use the one albumscan serve printed last: on the computer running it, scan the QR code it printed "
            + "(or open its pairing link).")

    /// The page that moves a browser that came from another site's link on to `/`: a navigation this page starts is
    /// within this site, so the `SameSite=Strict` cookie set with the page goes with it.
    static let paired = page(
        title: "Paired", heading: "This phone is paired.", text: #"<a href="/">Open albumscan</a>"#,
        head: #"<meta http-equiv="refresh" content="0;url=/">"#)

    private static func page(title: String, heading: String, text: String, head: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        \(head)<title>albumscan: \(title)</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>\(heading)</h1>
        <p>\(text)</p>
        </body>
        </html>

        """
    }
}
