import Foundation
import Testing

@testable import AlbumScanServe

/// Each request's deadlines: met early (the usual case), their timers must go at once, not when they would have fired.
@Suite struct DeadlineTimerTests {
    @Test func aCancelledSleepLetsGoOfItsTimerAtOnce() async throws {
        let timer = DeadlineTimer()
        let sleeping = Task { try await timer.sleep(until: .now + .seconds(600)) }
        for _ in 0..<2_000 where !timer.isArmed { try await Task.sleep(for: .milliseconds(1)) }
        #expect(timer.isArmed)
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(!timer.isArmed, "the timer is gone with the sleep, 600 s early")
    }

    @Test func aSleepEndsAtItsDeadline() async throws {
        let timer = DeadlineTimer()
        let start = ContinuousClock.now
        try await timer.sleep(until: start + .milliseconds(30))
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        #expect(!timer.isArmed)
    }

    @Test func aDeadlineMetEarlyGivesTheValueAndOnePassedThrows() async throws {
        #expect(try await withDeadline(.now + .seconds(600)) { 7 } == 7)
        await #expect(throws: DeadlinePassed.self) {
            try await withDeadline(.now + .milliseconds(20)) {
                try await Task.sleep(for: .seconds(30))
                return 1
            }
        }
    }
}
