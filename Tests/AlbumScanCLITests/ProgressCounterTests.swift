import Foundation
import Testing

@testable import albumscan

/// The batch counter at the head of the progress line: done of all, rate, and the time left at that rate.
@Suite struct ProgressCounterTests {
    @Test(arguments: [
        (0, 12, 5.0, "[0/12]"),
        (3, 12, 10.0, "[3/12 · 18/min · ETA 0:30]"),
        (1, 12, 40.0, "[1/12 · 1.5/min · ETA 7:20]"),
        (30, 1_000, 12.0, "[30/1000 · 2.5/s · ETA 6:28]"),
        (2, 5_000, 60.0, "[2/5000 · 2.0/min · ETA 41:39:00]"),
        (12, 12, 8.0, "[12/12 · 1.5/s]"),
    ])
    func counterShowsDoneRateAndTimeLeft(done: Int, total: Int, elapsed: Double, expected: String) {
        #expect(ProgressLine.counter(done: done, total: total, elapsed: elapsed) == expected)
    }
}
