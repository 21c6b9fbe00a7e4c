import Foundation

/// `make bench-check`: compares a run's ratios (or absolute values) with a committed baseline.
enum BenchBaseline {
    /// A row regresses when its ratio (or value, for absolute rows) grew by more than this factor, or shrank by it for floors.
    static let tolerance = 1.20

    static func save(_ rows: [BenchRow], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let measures = Dictionary(rows.map { ($0.name.trimmingCharacters(in: .whitespaces), measure($0)) }) { first, _ in first }
        try (encoder.encode(measures.filter { $0.value.isFinite }) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
    }

    static func regressions(_ rows: [BenchRow], against path: String) throws -> [String] {
        let baseline = try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        return rows.compactMap { row in
            let name = row.name.trimmingCharacters(in: .whitespaces)
            guard let before = baseline[name], before > 0 else { return nil }
            let now = measure(row)
            let regressed = row.atLeast ? now < before / tolerance : now > before * tolerance
            return regressed ? String(format: "%@: %.3f now, %.3f in the baseline", name, now, before) : nil
        }
    }

    static func measure(_ row: BenchRow) -> Double { row.absolute || row.atLeast ? row.value : row.ratio }
}
