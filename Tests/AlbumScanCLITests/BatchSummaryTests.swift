import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// The line that closes a batch: the counting (a table) and its words.
@Suite struct BatchSummaryTests {
    /// A result of one kind: "model", "search", "local", "barcode", "duplicate", "unidentified", "failed" or
    /// "skipped" (already scanned).
    static func result(_ kind: String) -> ScanResult {
        switch kind {
        case "unidentified": return .failed(file: "u.jpg", .unidentified(reason: "no"))
        case "failed": return .failed(file: "f.jpg", .photoQuality("too dark"))
        case "skipped": return .skipped(file: "s.jpg", .alreadyScanned, scanId: 3)
        default:
            var result = ScanResult.failed(file: "\(kind).jpg", .unidentified(reason: ""))
            let method = IdentificationMethod(rawValue: kind) ?? .model
            result.status = .identified
            result.error = nil
            result.identification = .init(calls: method.usesModel ? 1 : 0, searchGate: .notNeeded, method: method)
            return result
        }
    }

    @Test(
        arguments: [
            // photos, results by kind, expected summary
            (2, ["model", "model"], BatchSummary(photos: 2, identified: 2)),
            (
                12,
                [
                    "model", "search", "local", "local", "duplicate", "model", "model", "model", "barcode", "unidentified",
                    "failed",
                ],
                BatchSummary(
                    photos: 12, identified: 9, free: [.local: 2, .duplicate: 1, .barcode: 1], unidentified: 1, failed: 1,
                    skipped: 1)
            ),
            (8, ["unidentified", "failed"], BatchSummary(photos: 8, identified: 0, unidentified: 1, failed: 1, skipped: 6)),
            (3, [], BatchSummary(photos: 3, identified: 0, skipped: 3)),
            (5, ["model", "skipped", "skipped", "local"], BatchSummary(photos: 5, identified: 2, free: [.local: 1], skipped: 3)),
            (2, ["local", "barcode"], BatchSummary(photos: 2, identified: 2, free: [.local: 1, .barcode: 1])),
        ] as [(Int, [String], BatchSummary)])
    func resultsAreCountedByOutcomeAndFreeMethod(photos: Int, kinds: [String], expected: BatchSummary) {
        #expect(BatchSummary(photos: photos, results: kinds.map(Self.result)) == expected)
    }

    @Test(
        arguments: [
            (
                BatchSummary(
                    photos: 12, identified: 9, free: [.local: 2, .duplicate: 1], unidentified: 1, failed: 1, skipped: 1),
                SpendEstimate(calls: 14, dollars: 0.0412), Duration.milliseconds(8_240),
                "12 photos: 9 identified (3 free: 2 local, 1 duplicate), 1 unidentified, 1 failed, 1 skipped; ~$0.04; 8.2 s"
            ),
            (
                BatchSummary(photos: 2, identified: 2, free: [.barcode: 1, .local: 1]), SpendEstimate(calls: 0, dollars: 0),
                .milliseconds(900), "2 photos: 2 identified (2 free: 1 local, 1 barcode); no model calls; 0.9 s"
            ),
            (
                BatchSummary(photos: 4, identified: 0, failed: 1, skipped: 3), SpendEstimate(calls: 1, dollars: 0.0009),
                .seconds(125), "4 photos: 0 identified, 1 failed, 3 skipped; <$0.01; 2 min 5 s"
            ),
            (
                BatchSummary(photos: 3, identified: 3), SpendEstimate(calls: 6, dollars: 1.5, unpricedCalls: 2),
                .seconds(3_725), "3 photos: 3 identified; ~$1.50 + 2 calls with no price; 1 h 2 min"
            ),
            (
                BatchSummary(photos: 2, identified: 1, unidentified: 1), SpendEstimate(calls: 1, dollars: 0, unpricedCalls: 1),
                .seconds(2), "2 photos: 1 identified, 1 unidentified; spend unknown (1 call with no price); 2.0 s"
            ),
            (BatchSummary(photos: 2, identified: 2), nil, .seconds(1), "2 photos: 2 identified; spend unknown; 1.0 s"),
        ] as [(BatchSummary, SpendEstimate?, Duration, String)])
    func theLineSaysItInOneSentence(summary: BatchSummary, spend: SpendEstimate?, elapsed: Duration, line: String) {
        #expect(SummaryLine.text(summary, spend: spend, elapsed: elapsed) == line)
    }

    @Test func spendComesFromThePriceTableAndLeavesUnpricedModelsOut() {
        let usage = [
            ModelUsage(model: "gpt-4o", promptTokens: 10_000, completionTokens: 1_000, calls: 4),
            ModelUsage(model: "mystery-model", promptTokens: 500, completionTokens: 50, calls: 2),
        ]
        let spend = SpendEstimate(usage: usage, prices: .defaults)
        #expect(spend.calls == 6 && spend.unpricedCalls == 2)
        #expect(abs(spend.dollars - 0.035) < 1e-9)
    }
}
