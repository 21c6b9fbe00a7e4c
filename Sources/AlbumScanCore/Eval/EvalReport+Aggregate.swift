import Foundation

extension EvalReport {
    /// Sums the verdicts, the run's model usage (every call recorded in the throwaway store) and its spend.
    package static func aggregate(items: [EvalItem], usage: [ModelUsage], prices: PriceTable, setup: Setup) -> EvalReport {
        func count(_ outcome: EvalItem.Outcome) -> Int { items.filter { $0.outcome == outcome }.count }
        let correct = count(.correct), wrong = count(.wrong)
        let identified = correct + wrong
        var byMethod: [String: MethodCounts] = [:]
        for (method, group) in Dictionary(grouping: items.filter { $0.method != nil }, by: { $0.method ?? "" }) {
            let right = group.filter { $0.outcome == .correct }.count
            byMethod[method] = MethodCounts(
                identified: group.count, correct: right, wrong: group.count - right,
                precision: ratio(right, group.count) ?? 0)
        }
        let costs = usage.map { (model: $0, cost: prices.cost($0)) }
        let spend = costs.compactMap(\.cost).reduce(0, +)
        let statuses = items.filter { $0.outcome == .correct || $0.outcome == .wrong }.map(\.verification)
        let mismatchOnWrong = items.filter { $0.outcome == .wrong && $0.verification == .mismatch }.count
        let seconds = items.filter { $0.outcome != .failed }.map(\.seconds)
        return EvalReport(
            setup: setup, total: items.count, identified: identified, correct: correct, wrong: wrong,
            unidentified: count(.unidentified), failed: count(.failed), accuracy: ratio(correct, items.count) ?? 0,
            precision: ratio(correct, identified), byMethod: byMethod,
            modelCalls: usage.map(\.calls).reduce(0, +), inputTokens: usage.map(\.promptTokens).reduce(0, +),
            outputTokens: usage.map(\.completionTokens).reduce(0, +), imageTokens: usage.map(\.imageTokens).reduce(0, +),
            webSearches: usage.map(\.webSearches).reduce(0, +), estimatedSpendUSD: dollars(spend),
            spendPerCorrectUSD: correct > 0 ? dollars(spend / Double(correct)) : nil,
            unpricedModels: Set(costs.filter { $0.cost == nil }.map(\.model.model)).sorted(),
            latency: Latency(
                p50: Percentile.nearestRank(50, of: seconds), p95: Percentile.nearestRank(95, of: seconds)),
            verification: VerificationCounts(
                verified: statuses.filter { $0 == .verified }.count, mismatch: statuses.filter { $0 == .mismatch }.count,
                unsure: statuses.filter { $0 == .unsure }.count, unchecked: statuses.filter { $0 == .unchecked }.count,
                mismatchOnWrong: mismatchOnWrong, wrongNotFlagged: wrong - mismatchOnWrong),
            items: items)
    }

    /// part / whole to six decimals; nil when whole is 0.
    static func ratio(_ part: Int, _ whole: Int) -> Double? {
        guard whole > 0 else { return nil }
        return (Double(part) / Double(whole) * 1_000_000).rounded() / 1_000_000
    }

    /// Dollars to a millionth, so sums of token prices print without binary noise.
    static func dollars(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
