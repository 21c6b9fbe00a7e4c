import Foundation

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
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
