import Foundation

/// A virtual clock that runs `factor` times faster than real time: `now` advances `factor` seconds per real
/// second and `sleep(s)` takes `s / factor` real seconds.
///
/// Ordering is that of real time, so deadlines, retries, backoff and simulated service latency all behave
/// as they would live, only sooner; a test of a 180 s deadline or a 4 s backoff finishes in milliseconds.
/// Real CPU work is not accelerated, so it looks `factor` times slower on this clock.
package final class AcceleratedClock: Sendable {
    /// How many virtual seconds pass per real second.
    package let factor: Double
    private let realStart = Date()
    private let virtualStart: Date

    /// A clock starting at `start` (virtual) and running `factor` times faster than the wall clock.
    package init(factor: Double = 50, start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        self.factor = factor
        self.virtualStart = start
    }

    /// The virtual time now.
    package var now: @Sendable () -> Date {
        { [self] in virtualStart.addingTimeInterval(Date().timeIntervalSince(realStart) * factor) }
    }

    /// Sleeps `seconds` of virtual time.
    package var sleep: @Sendable (Double) async throws -> Void {
        { [factor] seconds in try await Task.sleep(for: .seconds(max(0, seconds) / factor)) }
    }
}
