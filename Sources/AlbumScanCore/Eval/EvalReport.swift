import Foundation

/// The `eval` report: accuracy, cost, latency and artwork checks over a labelled set, and every photo's verdict.
/// The same value renders as text (`description`) and as the `eval --json` object, and is read back by `--compare`.
package struct EvalReport: Codable, Sendable, Equatable {
    /// The provider and models the run used, and short hashes of its prompts.
    package var setup: Setup
    package var total: Int
    package var identified: Int
    package var correct: Int
    package var wrong: Int
    package var unidentified: Int
    /// Scans that stopped with an error; counted in `total` but neither identified nor unidentified.
    package var failed: Int
    /// correct / total.
    package var accuracy: Double
    /// correct / identified; nil when nothing was identified.
    package var precision: Double?
    /// Identified scans per `identification.method`.
    package var byMethod: [String: MethodCounts]
    /// Every model call of the run: identification, search and reviews.
    package var modelCalls: Int
    package var inputTokens: Int
    package var outputTokens: Int
    /// The images' share of `inputTokens`.
    package var imageTokens: Int
    package var webSearches: Int
    /// From the price table; models without a price add nothing and are listed in `unpricedModels`.
    package var estimatedSpendUSD: Double
    /// estimatedSpendUSD / correct; nil when nothing was correct.
    package var spendPerCorrectUSD: Double?
    package var unpricedModels: [String]
    /// Wall time per scan in seconds.
    package var latency: Latency
    package var verification: VerificationCounts
    package var items: [EvalItem]

    /// Which provider, models and prompts produced the report.
    package struct Setup: Codable, Sendable, Equatable {
        package var provider: String
        package var visionModel: String
        package var searchModel: String
        package var reviewModel: String
        /// Short SHA-256 of each prompt text, as stored with scans.
        package var prompts: [String: String]

        package init(provider: String, visionModel: String, searchModel: String, reviewModel: String, prompts: [String: String]) {
            self.provider = provider
            self.visionModel = visionModel
            self.searchModel = searchModel
            self.reviewModel = reviewModel
            self.prompts = prompts
        }
    }

    /// One method's identified scans.
    package struct MethodCounts: Codable, Sendable, Equatable {
        package var identified: Int
        package var correct: Int
        package var wrong: Int
        /// correct / identified.
        package var precision: Double
    }

    /// Nearest-rank percentiles of the per-scan wall time, in seconds; nil for an empty run.
    package struct Latency: Codable, Sendable, Equatable {
        package var p50: Double?
        package var p95: Double?

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(p50, forKey: .p50)
            try container.encode(p95, forKey: .p95)
        }

        enum CodingKeys: String, CodingKey { case p50, p95 }
    }

    /// The artwork check's verdicts over the identified scans, and how many mismatches flagged a wrong answer.
    package struct VerificationCounts: Codable, Sendable, Equatable {
        package var verified: Int
        package var mismatch: Int
        package var unsure: Int
        package var unchecked: Int
        /// `mismatch` verdicts on answers that were in fact wrong (the rest flagged correct answers).
        package var mismatchOnWrong: Int
        /// Wrong answers the check did not flag as a mismatch.
        package var wrongNotFlagged: Int
    }

    /// Optional numbers are written as null rather than left out, so every report has the same keys.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(setup, forKey: .setup)
        try container.encode(total, forKey: .total)
        try container.encode(identified, forKey: .identified)
        try container.encode(correct, forKey: .correct)
        try container.encode(wrong, forKey: .wrong)
        try container.encode(unidentified, forKey: .unidentified)
        try container.encode(failed, forKey: .failed)
        try container.encode(accuracy, forKey: .accuracy)
        try container.encode(precision, forKey: .precision)
        try container.encode(byMethod, forKey: .byMethod)
        try container.encode(modelCalls, forKey: .modelCalls)
        try container.encode(inputTokens, forKey: .inputTokens)
        try container.encode(outputTokens, forKey: .outputTokens)
        try container.encode(imageTokens, forKey: .imageTokens)
        try container.encode(webSearches, forKey: .webSearches)
        try container.encode(estimatedSpendUSD, forKey: .estimatedSpendUSD)
        try container.encode(spendPerCorrectUSD, forKey: .spendPerCorrectUSD)
        try container.encode(unpricedModels, forKey: .unpricedModels)
        try container.encode(latency, forKey: .latency)
        try container.encode(verification, forKey: .verification)
        try container.encode(items, forKey: .items)
    }

    enum CodingKeys: String, CodingKey {
        case setup, total, identified, correct, wrong, unidentified, failed, accuracy, precision, byMethod, modelCalls,
            inputTokens, outputTokens, imageTokens, webSearches, estimatedSpendUSD, spendPerCorrectUSD, unpricedModels,
            latency, verification, items
    }
}
