/// Splits RFC 4180 CSV text into records, each with the line it starts on (quoted fields may span lines).
enum CSVRecords {
    struct Record: Equatable {
        /// The 1-based line the record starts on.
        var line: Int
        var fields: [String]
    }

    /// The records of `text`; blank lines are skipped. Throws `malformedInput` naming `name` and the line.
    static func split(_ text: String, name: String) throws -> [Record] {
        var reader = Reader(name: name)
        for scalar in text.unicodeScalars { try reader.take(scalar) }
        return try reader.finish()
    }

    private struct Reader {
        let name: String
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 0
        /// A quoted field just closed: only a comma or a line end may follow.
        var closedQuote = false
        /// The record holds something (a field separator, a character or a quoted field).
        var started = false
        /// The previous scalar was a CR outside quotes, so a following LF belongs to the same line end.
        var afterCR = false

        init(name: String) { self.name = name }

        mutating func take(_ scalar: Unicode.Scalar) throws {
            if afterCR {
                afterCR = false
                if scalar == "\n" { return }
            }
            if inQuotes {
                if scalar == "\"" {
                    inQuotes = false
                    closedQuote = true
                    return
                }
                if scalar == "\n" { line += 1 }
                field.append(scalar)
                return
            }
            switch scalar {
            case "\"":
                // A doubled quote inside a quoted field arrives as close-then-open.
                if closedQuote {
                    field.append("\"")
                    inQuotes = true
                    closedQuote = false
                    return
                }
                guard field.isEmpty else {
                    throw failure(line, "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                }
                inQuotes = true
                quoteLine = line
                started = true
            case ",":
                endField()
                started = true
            case "\r", "\n":
                afterCR = scalar == "\r"
                endRecord()
                line += 1
                recordLine = line
            default:
                if closedQuote { throw failure(line, "text after a closing quote; quote the whole field") }
                field.append(scalar)
                started = true
            }
        }

        mutating func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            closedQuote = false
        }

        mutating func endRecord() {
            if started || !field.isEmpty {
                endField()
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = String.UnicodeScalarView()
            closedQuote = false
            started = false
        }

        mutating func finish() throws -> [Record] {
            if inQuotes { throw failure(quoteLine, "a quoted field is never closed") }
            endRecord()
            return records
        }

        func failure(_ line: Int, _ message: String) -> AlbumScanError {
            .malformedInput("\(name) line \(line): \(message)")
        }
    }
}
