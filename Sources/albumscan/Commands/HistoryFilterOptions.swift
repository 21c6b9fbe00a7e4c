import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import ArgumentParser
import Foundation

/// `history`'s filters; every one given must hold, in every output form.
struct HistoryFilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only scans whose artist, title, label, file name, location or SKU contains this text (any case).", valueName: "text")
    )
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

    @Flag(
        help: ArgumentHelp(
            "Only scans saved without their MusicBrainz release and artwork because a service could not be reached; "
                + "a plain re-run of `albumscan scan` completes them with no model call."))
    var incomplete = false

    @Flag(
        help: ArgumentHelp(
            "List the photos whose last scan failed or found nothing (none saved since) instead of scans, by path; "
                + "a plain re-run of `albumscan scan` retries them, --dismiss PATH forgets one. Takes --search (file "
                + "name), --since, --csv, --json and --jsonl."))
    var failed = false

    func validate() throws {
        if failed, method != nil || verification != nil || incomplete {
            throw ValidationError(
                "--failed lists photos with no saved scan: --method, --verification and --incomplete do not apply")
        }
        do {
            _ = try filter()
        } catch let error as AlbumScanError {
            throw ValidationError(error.message)
        }
    }

    /// The filter these options ask for; a malformed value is a usage error naming the accepted forms.
    func filter(timeZone: TimeZone = .current) throws -> HistoryFilter {
        try CatalogueQuery(
            search: search, since: since, method: method, verification: verification, incomplete: incomplete
        ).filter(timeZone: timeZone)
    }

    /// Whether any filter is set.
    var isEmpty: Bool { search == nil && since == nil && method == nil && verification == nil && !failed && !incomplete }

    /// The options again, as a command line would give them (for the "More:" hint).
    var arguments: [String] {
        [("--search", search), ("--since", since), ("--method", method), ("--verification", verification)]
            .flatMap { name, value in value.map { [name, $0] } ?? [] } + (failed ? ["--failed"] : [])
            + (incomplete ? ["--incomplete"] : [])
    }
}
