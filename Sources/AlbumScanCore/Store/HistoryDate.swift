import Foundation

/// The one reader of a `since` date, for both doors (`history --since`, `GET /api/scans?since=`): a date alone is
/// local midnight of the machine running albumscan, and an impossible date (`2026-02-30`) is refused, not rolled
/// over into the next month (DESIGN wave 5, "Dates").
package enum HistoryDate {
    /// The forms accepted, for the message that refuses anything else.
    package static let forms =
        "a date YYYY-MM-DD (from local midnight) or an ISO 8601 time YYYY-MM-DDTHH:MM[:SS[.fff]][Z|+HH:MM|-HH:MM] "
        + "(local time without a zone)"

    /// The instant `text` names: a date is its first moment in `timeZone`, a time without a zone is read in it, a
    /// time with a zone is that instant. Nil for anything else, an impossible date included.
    package static func read(_ text: String, in timeZone: TimeZone = .current) -> Date? {
        var reader = ISODateReader(text)
        return reader.date(in: timeZone)
    }
}
