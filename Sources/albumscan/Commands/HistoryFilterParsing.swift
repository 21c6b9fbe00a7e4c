import AlbumScanCore
import Foundation

/// Reads `history`'s filter options into a `HistoryFilter`; each bad value is a usage error that names the forms
/// it accepts.
enum HistoryFilterParsing {
    static let sinceForms =
        "a date YYYY-MM-DD (from local midnight) or an ISO 8601 time YYYY-MM-DDTHH:MM[:SS[.fff]][Z|+HH:MM|-HH:MM] (local time without a zone)"

    static func filter(
        search: String?, since: String?, method: String?, verification: String?, timeZone: TimeZone
    ) throws -> HistoryFilter {
        HistoryFilter(
            search: try search.map(Self.search), since: try since.map { try Self.since($0, timeZone: timeZone) },
            method: try method.map(Self.method), verification: try verification.map(Self.verification))
    }

    static func search(_ text: String) throws -> String {
        guard !text.isEmpty else { throw AlbumScanError.usage("--search needs some text to look for") }
        return text
    }

    static func method(_ text: String) throws -> IdentificationMethod {
        guard let method = IdentificationMethod(rawValue: text.lowercased()) else {
            throw AlbumScanError.usage(
                "--method takes one of \(IdentificationMethod.allCases.map(\.rawValue).joined(separator: ", ")); got '\(SafeText.clean(text))'"
            )
        }
        return method
    }

    static let verificationStatuses: [Verification.Status] = [.verified, .mismatch, .unsure, .unchecked]

    static func verification(_ text: String) throws -> Verification.Status {
        guard let status = Verification.Status(rawValue: text.lowercased()) else {
            throw AlbumScanError.usage(
                "--verification takes one of \(verificationStatuses.map(\.rawValue).joined(separator: ", ")); got '\(SafeText.clean(text))'"
            )
        }
        return status
    }

    /// The instant `text` names: a date is its first moment in `timeZone`, a time without a zone is read in it.
    static func since(_ text: String, timeZone: TimeZone) throws -> Date {
        var reader = ISODate(text)
        guard let date = reader.date(in: timeZone) else {
            throw AlbumScanError.usage("--since takes \(sinceForms); got '\(SafeText.clean(text))'")
        }
        return date
    }
}

/// A hand-read ISO 8601 date or date-time: Foundation's parsers either reject a date alone or accept forms
/// (week dates, missing fields) a user would not mean.
private struct ISODate {
    var text: Substring.UTF8View
    var index: Substring.UTF8View.Index

    init(_ string: String) {
        text = Substring(string).utf8
        index = text.startIndex
    }

    mutating func date(in timeZone: TimeZone) -> Date? {
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = timeZone
        var fraction = 0.0
        if take("T") {
            guard let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60 else { return nil }
            components.hour = hour
            components.minute = minute
            if take(":") {
                guard let second = digits(2), second < 60 else { return nil }
                components.second = second
                if take(".") {
                    let start = index
                    while let next = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { advance() }
                    guard start != index, let value = Double("0." + String(decoding: text[start..<index], as: UTF8.self))
                    else { return nil }
                    fraction = value
                }
            }
            if take("Z") {
                zone = TimeZone(secondsFromGMT: 0) ?? timeZone
            } else if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                advance()
                guard let hours = digits(2), hours < 24, take(":"), let minutes = digits(2), minutes < 60,
                    let offset = TimeZone(secondsFromGMT: (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60))
                else { return nil }
                zone = offset
            }
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

    private func peek() -> UInt8? { index == text.endIndex ? nil : text[index] }

    private mutating func advance() { index = text.index(after: index) }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        advance()
        return true
    }

    private mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let next = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) else { return nil }
            value = value * 10 + Int(next - UInt8(ascii: "0"))
            advance()
        }
        return value
    }
}
