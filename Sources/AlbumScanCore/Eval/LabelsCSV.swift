import Foundation

/// Reads an eval labels CSV: a header naming `file`, `artist`, `album` and optionally `mbid` and `barcode`
/// (any order, any case), then one row per photo. Every problem is a `malformedInput` error naming the line.
package enum LabelsCSV {
    static let required = ["file", "artist", "album"]
    static let optional = ["mbid", "barcode"]

    /// The labels in `data`, the contents of the file called `name` in messages.
    package static func parse(_ data: Data, name: String) throws -> [EvalLabel] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw AlbumScanError.malformedInput("\(name) line \(firstLineNotUTF8(data)): not UTF-8 text; save the CSV as UTF-8")
        }
        return try parse(text, name: name)
    }

    /// The labels in `text`.
    package static func parse(_ text: String, name: String) throws -> [EvalLabel] {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        let records = try CSVRecords.split(body, name: name)
        func failure(_ line: Int, _ message: String) -> AlbumScanError { .malformedInput("\(name) line \(line): \(message)") }
        guard let header = records.first else {
            throw failure(1, "the file is empty; the first line must be the header file,artist,album")
        }
        let columns = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        // Excel in locales whose decimal mark is a comma saves "CSV" with semicolons between the fields.
        if columns.count < required.count, columns.contains(where: { $0.contains(";") }) {
            throw failure(
                header.line,
                "the fields are separated by semicolons, not commas (Excel's CSV in some locales); save as \"CSV UTF-8 (Comma delimited)\" or replace the semicolons with commas"
            )
        }
        for (index, column) in columns.enumerated() {
            guard required.contains(column) || optional.contains(column) else {
                throw failure(
                    header.line,
                    "unknown column \"\(column)\"; the columns are file, artist, album, and optionally mbid and barcode")
            }
            if columns[..<index].contains(column) { throw failure(header.line, "the column \(column) appears twice") }
        }
        if let missing = required.first(where: { !columns.contains($0) }) {
            throw failure(header.line, "the header has no \(missing) column; it must name file, artist and album")
        }
        var labels: [EvalLabel] = []
        var seen: [String: Int] = [:]
        for record in records.dropFirst() {
            guard record.fields.count == columns.count else {
                throw failure(
                    record.line,
                    "expected \(columns.count) fields (\(columns.joined(separator: ","))), found \(record.fields.count); "
                        + "quote a field that holds a comma")
            }
            var values: [String: String] = [:]
            for (column, value) in zip(columns, record.fields) { values[column] = value.trimmingCharacters(in: .whitespaces) }
            for column in required where values[column, default: ""].isEmpty {
                throw failure(record.line, "the \(column) is empty")
            }
            let file = values["file", default: ""]
            if let earlier = seen[file] { throw failure(record.line, "\(file) is already labelled on line \(earlier)") }
            seen[file] = record.line
            labels.append(
                EvalLabel(
                    line: record.line, file: file, artist: values["artist", default: ""], album: values["album", default: ""],
                    mbid: try mbid(values["mbid"], line: record.line, failure: failure),
                    barcode: try barcode(values["barcode"], line: record.line, failure: failure)))
        }
        guard !labels.isEmpty else { throw failure(header.line + 1, "no labelled photos after the header") }
        return labels
    }

    /// A MusicBrainz id (8-4-4-4-12 hex digits), lowercased; nil when the cell is empty.
    static func mbid(_ value: String?, line: Int, failure: (Int, String) -> AlbumScanError) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        let groups = value.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }) else {
            throw failure(line, "mbid \"\(value)\" is not a MusicBrainz id (8-4-4-4-12 hex digits)")
        }
        return value.lowercased()
    }

    /// A barcode's digits (spaces and dashes dropped); nil when the cell is empty.
    static func barcode(_ value: String?, line: Int, failure: (Int, String) -> AlbumScanError) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        let digits = value.filter { $0 != " " && $0 != "-" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw failure(line, "barcode \"\(value)\" is not a number")
        }
        return digits
    }

    /// The 1-based line holding the first byte sequence that is not UTF-8.
    static func firstLineNotUTF8(_ data: Data) -> Int {
        var line = 1
        for chunk in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(data: Data(chunk), encoding: .utf8) == nil { return line }
            line += 1
        }
        return 1
    }
}
