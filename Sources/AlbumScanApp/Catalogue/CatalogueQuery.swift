import AlbumScanCore
import Foundation

/// A catalogue query in the words a door receives them, `history --since 2026-11-01` or `GET /api/scans?since=…`,
/// read into a `HistoryFilter` by one reader: a bad value is a usage error naming the forms it accepts, with the
/// door's own name for the word (`--since` or `since`).
public struct CatalogueQuery: Sendable, Equatable {
    /// Text the artist, title, label, file name, location or SKU contains (any case).
    public var search: String?
    /// Scans made on or after this: a date (`YYYY-MM-DD`, from local midnight) or an ISO 8601 time.
    public var since: String?
    /// `model`, `search`, `local`, `barcode` or `duplicate`.
    public var method: String?
    /// The artwork check's ending: `verified`, `mismatch`, `unsure` or `unchecked`.
    public var verification: String?
    /// Only scans saved without their release and artwork because a service failed.
    public var incomplete = false

    /// A query; every word given must hold.
    public init(
        search: String? = nil, since: String? = nil, method: String? = nil, verification: String? = nil,
        incomplete: Bool = false
    ) {
        (self.search, self.since, self.method, self.verification) = (search, since, method, verification)
        self.incomplete = incomplete
    }

    /// The filter these words ask for. `since` is read in `timeZone` (the zone of the machine running albumscan);
    /// `name` turns a word's name into the door's (`since` → `--since`).
    package func filter(timeZone: TimeZone = .current, name: (String) -> String = { "--" + $0 }) throws -> HistoryFilter {
        HistoryFilter(
            search: try search.map { try Self.search($0, name: name("search")) },
            since: try since.map { try Self.since($0, timeZone: timeZone, name: name("since")) },
            method: try method.map { try Self.method($0, name: name("method")) },
            verification: try verification.map { try Self.verification($0, name: name("verification")) },
            incomplete: incomplete)
    }

    static func search(_ text: String, name: String) throws -> String {
        guard !text.isEmpty else { throw AlbumScanError.usage("\(name) needs some text to look for") }
        return text
    }

    static func method(_ text: String, name: String) throws -> IdentificationMethod {
        guard let method = IdentificationMethod(rawValue: text.lowercased()) else {
            throw AlbumScanError.usage(
                "\(name) takes one of \(IdentificationMethod.allCases.map(\.rawValue).joined(separator: ", ")); got '\(SafeText.clean(text))'"
            )
        }
        return method
    }

    static let verificationStatuses: [Verification.Status] = [.verified, .mismatch, .unsure, .unchecked]

    static func verification(_ text: String, name: String) throws -> Verification.Status {
        guard let status = Verification.Status(rawValue: text.lowercased()), verificationStatuses.contains(status) else {
            throw AlbumScanError.usage(
                "\(name) takes one of \(verificationStatuses.map(\.rawValue).joined(separator: ", ")); got '\(SafeText.clean(text))'"
            )
        }
        return status
    }

    /// The instant `text` names, as `HistoryDate` reads it: a date is its first moment in `timeZone` (local
    /// midnight), a time without a zone is read in it; an impossible date is refused.
    static func since(_ text: String, timeZone: TimeZone, name: String) throws -> Date {
        guard let date = HistoryDate.read(text, in: timeZone) else {
            throw AlbumScanError.usage("\(name) takes \(HistoryDate.forms); got '\(SafeText.clean(text))'")
        }
        return date
    }
}
