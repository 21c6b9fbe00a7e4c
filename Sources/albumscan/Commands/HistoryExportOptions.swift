import AlbumScanApp
import AlbumScanApp
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

    /// Writes `export`'s document to stdout (the left-out note on stderr) and, under `--mark-exported`, marks the
    /// scans it lists once it is all written and flushed. A failed write marks nothing (the caller's exit code
    /// reports the write).
    func write(_ export: CatalogueExport, excel: Bool, exporter: CatalogueExporter, console: CommandConsole) async throws {
        if let note = export.leftOutNote { console.printError(note) }
        // Written as is: CRLF record ends, no extra newline from the console.
        let written = console.output.write((excel ? HistoryCSV.byteOrderMark : "") + export.document)
        guard markExported, written, console.output.flush() else { return }
        try await exporter.mark(export.listed, format: export.format)
        let scans = export.listed.count == 1 ? "1 scan" : "\(export.listed.count) scans"
        console.printError("\(export.format.rawValue): marked \(scans) exported (--not-exported leaves them out next time)")
    }
}
