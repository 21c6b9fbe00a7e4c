/// A release date as ranking compares it: earlier first, and a date's precision counts. A year-only `2001` does not
/// beat `2001-04-25`: what it leaves out sorts after every month and day of its year, so the dated original wins.
/// No date at all sorts last.
package struct ReleaseDate: Comparable, Sendable {
    let year: Int
    let month: Int
    let day: Int

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; anything else counts as no date.
    package init(_ text: String?) {
        let parts = (text ?? "").split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let year = parts.first.flatMap { $0 }
        self.year = year ?? Int.max
        month = year == nil ? Int.max : (parts.count > 1 ? parts[1] : nil) ?? 13
        day = year == nil ? Int.max : (parts.count > 2 ? parts[2] : nil) ?? 32
    }

    package static func < (lhs: ReleaseDate, rhs: ReleaseDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
