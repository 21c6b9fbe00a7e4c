import Foundation

/// A hand-read ISO 8601 date or date-time: Foundation's parsers either reject a date alone or accept forms
/// (week dates, missing fields) a user would not mean, and `Calendar` rolls an impossible date over.
struct ISODateReader {
    private var text: Substring.UTF8View
    private var index: Substring.UTF8View.Index

    init(_ string: String) {
        text = Substring(string).utf8
        index = text.startIndex
    }

    /// The instant read, the whole text consumed; nil when it is not one of the accepted forms or names no real day.
    mutating func date(in timeZone: TimeZone) -> Date? {
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = timeZone
        var fraction = 0.0
        if take("T") {
            guard let time = timeOfDay(), let named = namedZone(else: timeZone) else { return nil }
            components.hour = time.hour
            components.minute = time.minute
            components.second = time.second
            fraction = time.fraction
            zone = named
        }
        guard index == text.endIndex else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Calendar rolls 2026-02-30 over into March; reading the date back refuses it instead.
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: components.year, month: components.month, day: components.day)
        else { return nil }
        return date.addingTimeInterval(fraction)
    }

    /// `HH:MM[:SS[.fff]]`, each field in range.
    private mutating func timeOfDay() -> (hour: Int, minute: Int, second: Int, fraction: Double)? {
        guard let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60 else { return nil }
        guard take(":") else { return (hour, minute, 0, 0) }
        guard let second = digits(2), second < 60 else { return nil }
        guard take(".") else { return (hour, minute, second, 0) }
        let start = index
        while let next = peek(), isDigit(next) { advance() }
        guard start != index, let fraction = Double("0." + String(decoding: text[start..<index], as: UTF8.self))
        else { return nil }
        return (hour, minute, second, fraction)
    }

    /// The zone a time names, `Z` or `±HH:MM`; `local` when it names none, nil when its zone is malformed.
    private mutating func namedZone(else local: TimeZone) -> TimeZone? {
        if take("Z") { return TimeZone(secondsFromGMT: 0) }
        guard let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return local }
        advance()
        guard let hours = digits(2), hours < 24, take(":"), let minutes = digits(2), minutes < 60 else { return nil }
        return TimeZone(secondsFromGMT: (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60))
    }

    private func peek() -> UInt8? { index == text.endIndex ? nil : text[index] }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func advance() { index = text.index(after: index) }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        advance()
        return true
    }

    private mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let next = peek(), isDigit(next) else { return nil }
            value = value * 10 + Int(next - UInt8(ascii: "0"))
            advance()
        }
        return value
    }
}
