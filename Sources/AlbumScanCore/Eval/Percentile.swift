import Foundation

/// Percentiles by the nearest-rank method: the smallest value with at least p% of the values at or below it.
package enum Percentile {
    /// The p-th percentile (0 < p ≤ 100) of `values`; nil when there are none.
    package static func nearestRank(_ p: Double, of values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        // p × n first: 0.95 × 20 is 19.000000000000004 in binary, 95 × 20 / 100 is exactly 19.
        let rank = Int((p * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
