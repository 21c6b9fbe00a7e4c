import AlbumScanCore
import ArgumentParser
import Foundation

/// `history`'s export bookkeeping: list only scans not yet exported in a CSV form, and record what was exported.
struct HistoryExportOptions: ParsableArguments {
    @Flag(help: "Only scans not yet marked exported in this form (see --mark-exported): what is new since the last export.")
    var notExported = false

    @Flag(
        help: ArgumentHelp(
            """
            Once the whole file is written (and, for a file, synced to disk) without error, mark the scans it lists as \
            exported in this form, so a later --not-exported leaves them out. Nothing is marked if writing failed.
            """))
    var markExported = false

    /// The first of these flags given, for a message; nil when neither is.
    var flag: String? { notExported ? "--not-exported" : markExported ? "--mark-exported" : nil }

    /// Writes `rows` as `format` to stdout (the left-out note on stderr) and, under `--mark-exported`, marks the
    /// scans the document lists once it is all written and flushed. A failed write marks nothing (the caller's exit
    /// code reports the write).
    func write(
        _ rows: [HistoryExportRow], as format: HistoryFormat, excel: Bool, store: AlbumStore, console: CommandConsole,
        now: @Sendable () -> Date
    ) async throws {
        let document: String
        let listed: [Int64]
        switch format {
        case .discogsInventory, .discogsCollection:
            let export = format == .discogsInventory ? DiscogsInventoryCSV.export(rows) : DiscogsCollectionCSV.export(rows)
            if let note = export.leftOutNote(format: format.rawValue) { console.printError(note) }
            (document, listed) = (export.document, export.listed)
        default:
            (document, listed) = (HistoryCSV.document(rows), rows.map(\.scanId))
        }
        // Written as is: CRLF record ends, no extra newline from the console.
        let written = console.output.write((excel ? HistoryCSV.byteOrderMark : "") + document)
        guard markExported, written, console.output.flush() else { return }
        try await store.markExported(listed, format: format.rawValue, at: now())
        let scans = listed.count == 1 ? "1 scan" : "\(listed.count) scans"
        console.printError("\(format.rawValue): marked \(scans) exported (--not-exported leaves them out next time)")
    }
}
