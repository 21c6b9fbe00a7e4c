import AlbumScanApp
import AlbumScanApp
import AlbumScanCore
import ArgumentParser

/// What `history` prints besides its text table: `--format`, or its aliases `--csv`, `--json` and `--jsonl`.
enum HistoryFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case discogsInventory = "discogs-inventory"
    case discogsCollection = "discogs-collection"
    case json, jsonl

    /// Whether it is CSV (and `--excel` applies).
    var isCSV: Bool { exportFormat != nil }

    /// The catalogue export it is, for the CSV forms.
    var exportFormat: ExportFormat? { ExportFormat(rawValue: rawValue) }

    /// The one format the options ask for, nil for the text table. The flag aliases and `--format` may repeat one
    /// choice; two different ones are a usage error naming them.
    static func chosen(format: HistoryFormat?, csv: Bool, json: Bool, jsonl: Bool) throws -> HistoryFormat? {
        let asked: [(String, HistoryFormat)] =
            [("--csv", .csv), ("--json", .json), ("--jsonl", .jsonl)].filter { name, _ in
                (name == "--csv" && csv) || (name == "--json" && json) || (name == "--jsonl" && jsonl)
            } + (format.map { [("--format \($0.rawValue)", $0)] } ?? [])
        guard let first = asked.first else { return nil }
        if let other = asked.first(where: { $0.1 != first.1 }) {
            throw AlbumScanError.usage("\(first.0) and \(other.0) cannot be combined; choose one")
        }
        return first.1
    }
}
