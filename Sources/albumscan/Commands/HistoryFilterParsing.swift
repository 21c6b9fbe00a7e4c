import AlbumScanCore
import Foundation

/// Reads `history`'s filter options into a `HistoryFilter`; each bad value is a usage error that names the forms
/// it accepts.
enum HistoryFilterParsing {
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

    /// The instant `text` names, read as `HistoryDate` reads it (the server's `since` too): a date is its first
    /// moment in `timeZone`, a time without a zone is read in it.
    static func since(_ text: String, timeZone: TimeZone) throws -> Date {
        guard let date = HistoryDate.read(text, in: timeZone) else {
            throw AlbumScanError.usage("--since takes \(HistoryDate.forms); got '\(SafeText.clean(text))'")
        }
        return date
    }
}
