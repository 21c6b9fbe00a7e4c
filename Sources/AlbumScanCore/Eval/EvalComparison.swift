import Foundation

/// What changed between an earlier eval report and this one (`eval --compare A.json`).
package struct EvalComparison: Encodable, Sendable, Equatable {
    /// A setting of the run (provider, a model, a prompt hash) that differs.
    package struct SetupChange: Encodable, Sendable, Equatable {
        package var field: String
        package var before: String?
        package var after: String?
    }

    /// A number of the report that differs; nil where one report has no value (no precision, a new method).
    package struct NumberChange: Encodable, Sendable, Equatable {
        package var field: String
        package var before: Double?
        package var after: Double?

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(field, forKey: .field)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
        }

        enum CodingKeys: String, CodingKey { case field, before, after }
    }

    /// A photo whose outcome changed, or that only one report has (matched by its path in the CSV).
    package struct ItemChange: Encodable, Sendable, Equatable {
        package var file: String
        package var before: EvalItem.Outcome?
        package var after: EvalItem.Outcome?
        /// The current answer, when there is one.
        package var answer: EvalItem.Answer?

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
            try container.encode(answer, forKey: .answer)
        }

        enum CodingKeys: String, CodingKey { case file, before, after, answer }
    }

    /// The earlier report's file, as given.
    package var against: String
    package var setup: [SetupChange]
    package var numbers: [NumberChange]
    package var items: [ItemChange]
    /// How many numbers are the same in both.
    package var unchangedNumbers: Int

    /// The differences from `before` to `after`.
    package static func compare(_ before: EvalReport, _ after: EvalReport, against: String) -> EvalComparison {
        let oldSetup = settings(before.setup), newSetup = settings(after.setup)
        let setup = Set(oldSetup.keys).union(newSetup.keys).sorted().compactMap { field in
            oldSetup[field] == newSetup[field] ? nil : SetupChange(field: field, before: oldSetup[field], after: newSetup[field])
        }
        let oldNumbers = numbers(before), newNumbers = numbers(after)
        var changed: [NumberChange] = []
        var unchanged = 0
        for field in orderedFields(oldNumbers, newNumbers) {
            let (old, new) = (oldNumbers.first { $0.0 == field }?.1, newNumbers.first { $0.0 == field }?.1)
            if old == new { unchanged += 1 } else { changed.append(NumberChange(field: field, before: old, after: new)) }
        }
        let oldItems = Dictionary(before.items.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let newFiles = Set(after.items.map(\.file))
        var items = after.items.compactMap { item -> ItemChange? in
            let old = oldItems[item.file]?.outcome
            return old == item.outcome ? nil : ItemChange(file: item.file, before: old, after: item.outcome, answer: item.answer)
        }
        items += before.items.filter { !newFiles.contains($0.file) }.map {
            ItemChange(file: $0.file, before: $0.outcome, after: nil, answer: nil)
        }
        return EvalComparison(against: against, setup: setup, numbers: changed, items: items, unchangedNumbers: unchanged)
    }

    static func settings(_ setup: EvalReport.Setup) -> [String: String] {
        var values = [
            "provider": setup.provider, "visionModel": setup.visionModel, "searchModel": setup.searchModel,
            "reviewModel": setup.reviewModel,
        ]
        for (name, hash) in setup.prompts { values["prompt \(name)"] = hash }
        return values
    }

    /// The report's numbers by a dotted name, in the report's order.
    static func numbers(_ report: EvalReport) -> [(String, Double?)] {
        var values: [(String, Double?)] = [
            ("total", Double(report.total)), ("identified", Double(report.identified)), ("correct", Double(report.correct)),
            ("wrong", Double(report.wrong)), ("unidentified", Double(report.unidentified)), ("failed", Double(report.failed)),
            ("accuracy", report.accuracy), ("precision", report.precision),
        ]
        for (method, counts) in report.byMethod.sorted(by: { $0.key < $1.key }) {
            values += [
                ("byMethod.\(method).identified", Double(counts.identified)),
                ("byMethod.\(method).correct", Double(counts.correct)), ("byMethod.\(method).wrong", Double(counts.wrong)),
                ("byMethod.\(method).precision", counts.precision),
            ]
        }
        let verification = report.verification
        values += [
            ("modelCalls", Double(report.modelCalls)), ("inputTokens", Double(report.inputTokens)),
            ("outputTokens", Double(report.outputTokens)), ("imageTokens", Double(report.imageTokens)),
            ("webSearches", Double(report.webSearches)), ("estimatedSpendUSD", report.estimatedSpendUSD),
            ("spendPerCorrectUSD", report.spendPerCorrectUSD), ("latency.p50", report.latency.p50),
            ("latency.p95", report.latency.p95), ("verification.verified", Double(verification.verified)),
            ("verification.mismatch", Double(verification.mismatch)), ("verification.unsure", Double(verification.unsure)),
            ("verification.unchecked", Double(verification.unchecked)),
            ("verification.mismatchOnWrong", Double(verification.mismatchOnWrong)),
            ("verification.wrongNotFlagged", Double(verification.wrongNotFlagged)),
        ]
        return values
    }

    /// The fields of both reports, the current report's order first, then fields only the earlier one had.
    static func orderedFields(_ old: [(String, Double?)], _ new: [(String, Double?)]) -> [String] {
        let current = new.map(\.0)
        return current + old.map(\.0).filter { !current.contains($0) }
    }
}

extension EvalComparison: CustomStringConvertible {
    /// The differences as text, one per line.
    package var description: String {
        var lines = ["compared with \(against):"]
        lines += setup.map { "  \($0.field): \($0.before ?? "none") -> \($0.after ?? "none")" }
        lines += numbers.map { change in
            var line = "  \(change.field): \(Self.format(change.before)) -> \(Self.format(change.after))"
            if let before = change.before, let after = change.after {
                let delta = after - before
                line += " (\(delta > 0 ? "+" : "")\(Self.format(delta)))"
            }
            return line
        }
        lines += items.map { item in
            let answer = item.answer.map { ": now \($0.artist) - \($0.album)" } ?? ""
            return "  \(item.file): \(item.before?.rawValue ?? "not in the earlier report") -> "
                + "\(item.after?.rawValue ?? "not in this report")\(answer)"
        }
        if setup.isEmpty, numbers.isEmpty, items.isEmpty { lines.append("  no differences") }
        lines.append("  \(unchangedNumbers) numbers unchanged")
        return lines.joined(separator: "\n")
    }

    /// Whole numbers without a fraction; others to six significant decimals, trailing zeros dropped.
    static func format(_ value: Double?) -> String {
        guard let value else { return "none" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
