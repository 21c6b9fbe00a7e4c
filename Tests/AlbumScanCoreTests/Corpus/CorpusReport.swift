/// Per-folder counts of what the corpus run did, rendered as a Markdown table.
struct CorpusReport {
    private(set) var counts: [String: [String: Int]] = [:]
    private(set) var slowest: (path: String, seconds: Double) = ("", 0)

    mutating func add(folder: String, outcome: CorpusOutcome, path: String, seconds: Double) {
        counts[folder, default: [:]][outcome.column, default: 0] += 1
        if seconds > slowest.seconds { slowest = (path, seconds) }
    }

    static let columns = ["decoded", "warned", "rejected", "failed", "hung"]

    /// `| folder | files | decoded | warned | rejected | failed | hung |`, one row per folder and a total.
    func table() -> String {
        var lines = ["| folder | files | " + Self.columns.joined(separator: " | ") + " |"]
        lines.append("|---|---:|" + String(repeating: "---:|", count: Self.columns.count))
        var total: [String: Int] = [:]
        for folder in counts.keys.sorted() {
            let row = counts[folder] ?? [:]
            let values = Self.columns.map { row[$0, default: 0] }
            for (column, value) in zip(Self.columns, values) { total[column, default: 0] += value }
            lines.append("| \(folder) | \(values.reduce(0, +)) | " + values.map(String.init).joined(separator: " | ") + " |")
        }
        let values = Self.columns.map { total[$0, default: 0] }
        lines.append("| **all** | \(values.reduce(0, +)) | " + values.map(String.init).joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }
}
