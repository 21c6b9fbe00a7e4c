import Foundation
import Synchronization

/// The work concurrent scans of one album share within a process (see `SingleFlight`).
final class ScanFlights: Sendable {
    /// MusicBrainz lookup and Cover Art Archive chain, keyed by the album's cache key.
    let artwork = SingleFlight<ArtworkOutcome>()
    /// Review generation, keyed by prompt and the album's cache key.
    let reviews = SingleFlight<ReviewOutcome>()
    /// One-line notices already given in this process.
    let notices = NoticeBoard()
}

/// Runs each notice once per process, however many scans reach it.
final class NoticeBoard: Sendable {
    private let given = LockedBox<Set<String>>([])

    func once(_ key: String, _ give: () -> Void) {
        var first = false
        given.mutate { first = $0.insert(key).inserted }
        if first { give() }
    }
}

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
