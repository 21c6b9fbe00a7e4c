import Foundation

/// One line of the benchmark table: a measured value against a baseline measured in the same run.
struct BenchRow: Codable {
    var name: String
    var value: Double
    var baseline: Double
    var unit: String
    /// The pass threshold for `ratio` (value / baseline), or for `value` itself when `absolute` is set.
    var target: Double
    var absolute = false
    /// The row passes when `value` is at least `target` (a floor, such as a minimum spacing); implies `absolute`.
    var atLeast = false
    var note = ""

    var ratio: Double { baseline > 0 ? value / baseline : .nan }
    var informational: Bool { target.isInfinite }
    var passes: Bool {
        informational || (atLeast ? value >= target : absolute ? value <= target : ratio <= target)
    }

    /// The rows as one aligned table.
    static func table(_ rows: [BenchRow]) -> String {
        var lines = [
            pad("row", 36) + pad("measured", 13) + pad("baseline", 13) + pad("ratio", 8) + pad("target", 12) + "result"
        ]
        for row in rows {
            let target =
                row.informational
                ? "-"
                : row.atLeast
                    ? "≥ \(format(row.target, row.unit))"
                    : row.absolute ? "≤ \(format(row.target, row.unit))" : "≤ \(String(format: "%.2f", row.target))×"
            lines.append(
                pad(row.name, 36) + pad(format(row.value, row.unit), 13) + pad(format(row.baseline, row.unit), 13)
                    + pad(String(format: "%.2f", row.ratio), 8) + pad(target, 12)
                    + (row.informational ? "info" : row.passes ? "PASS" : "MISS")
                    + (row.note.isEmpty ? "" : "  (\(row.note))"))
        }
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "s": value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.3f s", value)
        case "B": value >= 1_048_576 ? String(format: "%.1f MB", value / 1_048_576) : String(format: "%.0f B", value)
        default: String(format: "%.3f %@", value, unit)
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
