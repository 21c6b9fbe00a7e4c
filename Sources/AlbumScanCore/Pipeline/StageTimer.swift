import Foundation

/// Milliseconds spent per stage, from the injected clock.
struct StageTimer: Sendable {
    let now: @Sendable () -> Date
    private var last: Date
    private(set) var laps: [String: Int] = [:]

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
        last = now()
    }

    mutating func lap(_ stage: String) {
        let current = now()
        laps[stage] = Int(current.timeIntervalSince(last) * 1000)
        last = current
    }

    /// Counts the time from now on: what passed since the last lap belongs to no stage.
    mutating func restart() {
        last = now()
    }
}
