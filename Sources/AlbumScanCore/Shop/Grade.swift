import Foundation

/// Discogs' condition grades: the exact strings its inventory upload and collection accept, and the short forms a
/// shop types.
package enum Grade {
    /// Which part of the record is graded: the media (vinyl, CD, tape) or its sleeve.
    package enum Scale: Sendable, CaseIterable {
        case media, sleeve

        /// The grades Discogs accepts here, best first, spelled exactly as Discogs spells them.
        package var grades: [String] {
            switch self {
            case .media: Grade.media
            case .sleeve: Grade.media + ["Generic", "Not Graded", "No Cover"]
            }
        }

        /// The grades and short forms, for a message: `Mint (M), …, No Cover; or M, NM (M-), VG+, …`.
        package var accepted: String {
            grades.joined(separator: ", ") + "; or the short forms M, NM (or M-), VG+, VG, G+, G, F, P"
        }

        /// The exact Discogs grade `text` names, or nil when it names none. The long form and the short form are
        /// accepted in any case, with surrounding spaces ignored.
        package func parse(_ text: String) -> String? {
            let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
            if let short = Grade.shortForms[folded] { return short }
            return grades.first { $0.lowercased() == folded }
        }
    }

    /// The media grades, best first.
    package static let media = [
        "Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)", "Good Plus (G+)", "Good (G)",
        "Fair (F)", "Poor (P)",
    ]

    /// The short form of a stored grade, for a narrow column: `VG+` for `Very Good Plus (VG+)`, `NM` for
    /// `Near Mint (NM or M-)`; a grade without one (`Generic`) as it is.
    package static func short(_ grade: String) -> String {
        guard let open = grade.lastIndex(of: "("), grade.hasSuffix(")") else { return grade }
        let inside = grade[grade.index(after: open)..<grade.index(before: grade.endIndex)]
        return String(inside.split(separator: " ").first ?? inside)
    }

    /// Short forms, lower case, to the grade they stand for (the same on media and sleeve).
    static let shortForms: [String: String] = [
        "m": "Mint (M)", "nm": "Near Mint (NM or M-)", "m-": "Near Mint (NM or M-)", "vg+": "Very Good Plus (VG+)",
        "vg": "Very Good (VG)", "g+": "Good Plus (G+)", "g": "Good (G)", "f": "Fair (F)", "p": "Poor (P)",
    ]
}
