import AlbumScanCore
import Foundation

/// Text made fit for an HTML (and XHTML) page: control characters and escape sequences stripped, markup escaped.
package enum HTMLText {
    /// Escapes `& < > " '` after making the text safe, so it can go in element content or a quoted attribute.
    package static func escape(_ text: String) -> String {
        var output = ""
        for character in SafeText.clean(text) {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// An http(s) link's escaped address, or nil for any other scheme (no `javascript:` from a model).
    package static func link(_ url: String) -> String? {
        let clean = SafeText.clean(url).trimmingCharacters(in: .whitespaces)
        let lower = clean.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        return escape(clean)
    }
}
