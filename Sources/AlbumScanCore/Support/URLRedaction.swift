import Foundation

/// The one way a URL becomes text: user info (`user:password@`) and secret query values are replaced by
/// `REDACTED`, wherever they appear in the text.
package enum URLRedaction {
    /// Query parameters whose values are secrets.
    static let secretParameters = ["key", "api_key", "apikey", "token", "access_token"]

    /// `text` with the user info of every URL in it and every secret query value redacted.
    package static func redact(_ text: String) -> String {
        // Lexical, so it also covers text that is not a well-formed URL (an error message quoting a bad setting).
        var result = text.replacingOccurrences(
            of: #"([A-Za-z][A-Za-z0-9+.\-]*://)[^/?#\s@]*@"#, with: "$1REDACTED@", options: .regularExpression)
        let names = secretParameters.joined(separator: "|")
        result = result.replacingOccurrences(
            of: #"(?i)([?&](?:"# + names + #")=)[^&#\s]*"#, with: "$1REDACTED", options: .regularExpression)
        return result
    }

    /// The URL as text, redacted.
    package static func redact(_ url: URL) -> String {
        redact(url.absoluteString)
    }

    /// The password in `url`, if any, for the list of secrets scrubbed from everything written.
    package static func password(of url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.password
    }
}
