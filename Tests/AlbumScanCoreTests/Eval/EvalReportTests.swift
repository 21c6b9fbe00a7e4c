import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct EvalReportTests {
    static let setup = EvalReport.Setup(
        provider: "openai", visionModel: "gpt-4o", searchModel: "gpt-4o-search-preview", reviewModel: "gpt-4o",
        prompts: ["identify": "aaaa"])

    static func item(
        _ file: String, _ outcome: EvalItem.Outcome, method: String? = nil, verification: Verification.Status = .unchecked,
        seconds: Double = 1
    ) -> EvalItem {
        EvalItem(
            line: 2, file: file, expected: .init(artist: "A", album: file, mbid: nil, barcode: nil),
            answer: method == nil ? nil : .init(artist: "A", album: "got \(file)"), outcome: outcome, method: method,
            verification: verification, seconds: seconds, error: method == nil ? outcome.rawValue : nil)
    }

    static let items = [
        item("a", .correct, method: "model", verification: .verified, seconds: 0.4),
        item("b", .correct, method: "model", verification: .mismatch, seconds: 0.2),
        item("c", .wrong, method: "model", verification: .mismatch, seconds: 0.9),
        item("d", .correct, method: "search", verification: .unsure, seconds: 2.0),
        item("e", .wrong, method: "search", verification: .verified, seconds: 1.5),
        item("f", .unidentified, seconds: 0.3),
        item("g", .failed, seconds: 0.01),
    ]

    static let usage = [
        ModelUsage(model: "gpt-4o", promptTokens: 10_000, completionTokens: 1_000, calls: 9, imageTokens: 4_000),
        ModelUsage(model: "gpt-4o-search-preview", promptTokens: 2_000, completionTokens: 500, calls: 2, webSearches: 2),
        ModelUsage(model: "mystery", promptTokens: 100, completionTokens: 10, calls: 1),
    ]

    static var report: EvalReport {
        .aggregate(items: items, usage: usage, prices: .defaults, setup: setup)
    }

    @Test func countsRatiosUsageSpendLatencyAndVerification() {
        let report = Self.report
        #expect(
            [report.total, report.identified, report.correct, report.wrong, report.unidentified, report.failed]
                == [7, 5, 3, 2, 1, 1] as [Int])
        #expect(report.accuracy == 0.428571)
        #expect(report.precision == 0.6)
        #expect(report.byMethod["model"] == .init(identified: 3, correct: 2, wrong: 1, precision: 0.666667))
        #expect(report.byMethod["search"] == .init(identified: 2, correct: 1, wrong: 1, precision: 0.5))
        #expect(report.byMethod.count == 2)
        #expect(
            [report.modelCalls, report.inputTokens, report.outputTokens, report.imageTokens] == [12, 12_100, 1_510, 4_000]
                as [Int])
        #expect(report.webSearches == 2)
        // gpt-4o: 10,000 × 2.50 + 1,000 × 10 = 35,000 µ$; search-preview: 2,000 × 2.50 + 500 × 10 = 10,000 µ$.
        #expect(report.estimatedSpendUSD == 0.045)
        #expect(report.spendPerCorrectUSD == 0.015)
        #expect(report.unpricedModels == ["mystery"])
        // The failed scan's 0.01 s is left out: p50 of [0.2, 0.3, 0.4, 0.9, 1.5, 2.0] is the 3rd, p95 the 6th.
        #expect(report.latency == .init(p50: 0.4, p95: 2.0))
        #expect(
            report.verification
                == .init(verified: 2, mismatch: 2, unsure: 1, unchecked: 0, mismatchOnWrong: 1, wrongNotFlagged: 1))
    }

    @Test func emptyRatiosAreNull() throws {
        let report = EvalReport.aggregate(
            items: [Self.item("f", .unidentified)], usage: [], prices: .defaults, setup: Self.setup)
        #expect(report.precision == nil && report.spendPerCorrectUSD == nil && report.accuracy == 0)
        let json = try JSONOutput.encode(report)
        #expect(json.contains("\"precision\":null") && json.contains("\"spendPerCorrectUSD\":null"))
    }

    @Test func jsonReadsBackAsTheSameReport() throws {
        let json = try JSONOutput.encode(Self.report, pretty: true)
        #expect(try JSONDecoder().decode(EvalReport.self, from: Data(json.utf8)) == Self.report)
    }

    @Test func textNamesEveryMiss() {
        let text = Self.report.description
        #expect(text.contains("correct          3   accuracy 42.9% (correct / total)"))
        #expect(text.contains("model                3        2      1      66.7%"))
        #expect(text.contains("verification: 2 verified, 2 mismatch (1 on wrong answers), 1 unsure, 0 unchecked"))
        #expect(text.contains("line 2: c: wrong: got A - got c, labelled A - c (verification mismatch)"))
        #expect(text.contains("line 2: g: failed (failed), labelled A - g"))
        #expect(text.contains("(no price for mystery)"))
    }

    @Test func comparisonListsChangedSetupNumbersAndItems() {
        var newer = Self.items
        newer[2].outcome = .correct
        newer[2].method = "model"
        newer.removeLast()
        newer.append(Self.item("h", .unidentified, seconds: 0.3))
        var setup = Self.setup
        setup.prompts["identify"] = "bbbb"
        let after = EvalReport.aggregate(items: newer, usage: Self.usage, prices: .defaults, setup: setup)
        let comparison = EvalComparison.compare(Self.report, after, against: "A.json")
        #expect(comparison.setup == [.init(field: "prompt identify", before: "aaaa", after: "bbbb")])
        let changed = Dictionary(uniqueKeysWithValues: comparison.numbers.map { ($0.field, $0) })
        #expect(changed["correct"] == .init(field: "correct", before: 3, after: 4))
        #expect(changed["wrong"] == .init(field: "wrong", before: 2, after: 1))
        #expect(changed["failed"] == .init(field: "failed", before: 1, after: 0))
        #expect(changed["unidentified"] == .init(field: "unidentified", before: 1, after: 2))
        #expect(changed["byMethod.model.precision"] == .init(field: "byMethod.model.precision", before: 0.666667, after: 1))
        #expect(changed["total"] == nil && changed["modelCalls"] == nil)
        #expect(
            comparison.items == [
                .init(file: "c", before: .wrong, after: .correct, answer: .init(artist: "A", album: "got c")),
                .init(file: "h", before: nil, after: .unidentified, answer: nil),
                .init(file: "g", before: .failed, after: nil, answer: nil),
            ])
        let text = comparison.description
        #expect(text.contains("  prompt identify: aaaa -> bbbb"))
        #expect(text.contains("  correct: 3 -> 4 (+1)"))
        #expect(text.contains("  accuracy: 0.428571 -> 0.571429 (+0.142858)"))
        #expect(text.contains("  c: wrong -> correct: now A - got c"))
        #expect(text.contains("  g: failed -> not in this report"))
        #expect(text.contains("  h: not in the earlier report -> unidentified"))
    }

    @Test func identicalReportsHaveNoDifferences() {
        let comparison = EvalComparison.compare(Self.report, Self.report, against: "A.json")
        #expect(comparison.setup.isEmpty && comparison.numbers.isEmpty && comparison.items.isEmpty)
        #expect(comparison.description.contains("no differences"))
    }
}
