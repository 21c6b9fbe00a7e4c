import Foundation

/// The review's fixed sentences, in the seed app's words, for every place that shows a scan: the terminal's details
/// view and the crate page.
package enum ReviewWords {
    package static let disclaimer =
        "Reviews are written by AI from public information and can contain mistakes. A review is saved and reused when the album is scanned again."
    package static let reviewUnavailable = "Review Temporarily Unavailable"
    package static let reviewUnavailableExplanation =
        "The album was identified and saved, but its review could not be written this time."
    /// How to get the review after all: a plain re-run returns the stored scan, so the tip names `--rescan`, which
    /// scans the photo again in place (same scan id, shop fields kept) and asks for the review anew.
    package static func retryTip(file: String?) -> String {
        "💡 Tip: run `albumscan scan \(file.map(ShellWord.quoted) ?? "FILE") --rescan` to retry the review."
    }
    package static let artworkMatches = "✓ The artwork on file matches your photo."
    package static let artworkDiffers =
        "⚠ The artwork on file does not match your photo: this may be another edition, or a wrong identification."

    /// A rating out of 10 with one decimal.
    package static func rating(_ value: Double) -> String { String(format: "%.1f", value) }
}
