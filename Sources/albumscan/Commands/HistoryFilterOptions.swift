import AlbumScanCore
import ArgumentParser
import Foundation

/// `history`'s filters; every one given must hold, in every output form.
struct HistoryFilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only scans whose artist, title, label or file name contains this text (any case).", valueName: "text"))
    var search: String?

    @Option(
        help: ArgumentHelp(
            "Only scans made on or after this: a date (YYYY-MM-DD, from local midnight) or an ISO 8601 time (2026-11-01T18:30:00Z).",
            valueName: "date"))
    var since: String?

    @Option(help: "Only scans identified this way: model, search, local, barcode or duplicate.")
    var method: String?

    @Option(
        help: ArgumentHelp(
            "Only scans whose artwork check ended so: verified, mismatch, unsure or unchecked.", valueName: "status"))
    var verification: String?

    func validate() throws {
        do {
            _ = try filter()
        } catch let error as AlbumScanError {
            throw ValidationError(error.message)
        }
    }

    /// The filter these options ask for; a malformed value is a usage error naming the accepted forms.
    func filter(timeZone: TimeZone = .current) throws -> HistoryFilter {
        try HistoryFilterParsing.filter(
            search: search, since: since, method: method, verification: verification, timeZone: timeZone)
    }

    /// Whether any filter is set.
    var isEmpty: Bool { search == nil && since == nil && method == nil && verification == nil }

    /// The options again, as a command line would give them (for the "More:" hint).
    var arguments: [String] {
        [("--search", search), ("--since", since), ("--method", method), ("--verification", verification)]
            .flatMap { name, value in value.map { [name, $0] } ?? [] }
    }
}
