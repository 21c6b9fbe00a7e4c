import Foundation
import Testing

/// Groups the fakes' tests so `swift test --filter TestSupport` selects them.
@Suite enum TestSupportTests {
    /// Polls `condition` every 10 ms for up to `seconds`.
    static func eventually(within seconds: Double = 3, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }
}
