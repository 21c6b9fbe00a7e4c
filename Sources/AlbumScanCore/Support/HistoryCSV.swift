import Foundation

/// `history --csv`: RFC 4180 text (CRLF line ends, fields quoted when they hold a comma, quote, CR or LF), UTF-8.
///
/// Spreadsheet safety: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a
/// formula (or DDE call) by Excel, LibreOffice and Google Sheets. Such a cell gets a leading apostrophe, which the
/// spreadsheets show as text and which a reader sees at once; the value is otherwise kept whole. Only text that
/// came from outside (names, labels, file names) can start that way; the numbers albumscan writes never do.
package enum HistoryCSV {
    /// The header row, fixed.
    package static let columns = [
        "scanId", "scannedAt", "artist", "title", "year", "genres", "label", "musicbrainzReleaseId", "barcode", "rating",
        "recommendation", "verification", "method", "file", "catalogNumber", "format", "country", "discogsReleaseId",
        "mediaCondition", "sleeveCondition", "location", "sku", "price", "comments",
    ]

    /// The UTF-8 byte-order mark `--excel` puts first, so Excel reads the file as UTF-8 rather than the system's
    /// code page.
    package static let byteOrderMark = "\u{FEFF}"

    /// The whole document: the header and one record per row, each ended by CRLF.
    package static func document(_ rows: [HistoryExportRow]) -> String {
        ([columns] + rows.map(fields)).map(record).joined()
    }

    /// One record's cells, in `columns` order; nil values are empty cells.
    static func fields(_ row: HistoryExportRow) -> [String] {
        [
            String(row.scanId), timestamp(row.scannedAt), row.album.artist, row.album.title, row.album.year ?? "",
            row.album.genres.joined(separator: "; "), row.album.label ?? "", row.album.musicbrainzReleaseId ?? "",
            row.barcode ?? "", row.rating.map(number) ?? "", row.recommendation ?? "", row.verification ?? "",
            row.method ?? "", row.file, row.album.catalogNumber ?? "", row.album.format ?? "", row.album.country ?? "",
            row.album.discogsReleaseId.map(String.init) ?? "", row.shop.mediaCondition ?? "", row.shop.sleeveCondition ?? "",
            row.shop.location ?? "", row.shop.sku ?? "", row.shop.price ?? "", row.shop.comments ?? "",
        ]
    }

    /// One CRLF-ended record.
    package static func record(_ cells: [String]) -> String {
        cells.map { quoted(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// `cell` with a leading apostrophe when a spreadsheet would otherwise evaluate it.
    static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }

    /// `cell` in double quotes (inner quotes doubled) when it holds a comma, quote, CR or LF; else as is.
    static func quoted(_ cell: String) -> String {
        guard cell.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return cell
        }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// UTC, ISO 8601 to the second: what spreadsheets parse as a date.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// A rating without a trailing `.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
