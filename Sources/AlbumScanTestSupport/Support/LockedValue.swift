import Foundation
import Synchronization

/// A value guarded by a lock, shared between the fakes' server threads and the test.
package final class LockedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @discardableResult
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        // Through a local rather than the Mutex's `sending` result, so `Result` need not be Sendable.
        var result: Result?
        try value.withLock { value throws(Failure) in result = try body(&value) }
        return result!
    }

    /// A copy of the current value.
    package var current: Value {
        withLock { $0 }
    }
}
