import Synchronization

/// A value several tasks may set and read, under a lock.
final class LockedBox<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    init(_ value: Value) { stored = Mutex(value) }

    var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    func mutate(_ change: (inout Value) -> Void) {
        stored.withLock { change(&$0) }
    }
}
