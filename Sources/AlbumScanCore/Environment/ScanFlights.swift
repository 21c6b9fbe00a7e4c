import Foundation

/// The work concurrent scans of one album share within a process (see `SingleFlight`).
final class ScanFlights: Sendable {
    /// MusicBrainz lookup and Cover Art Archive chain, keyed by the album's cache key.
    let artwork = SingleFlight<ArtworkOutcome>()
    /// Review generation, keyed by prompt and the album's cache key.
    let reviews = SingleFlight<ReviewOutcome>()
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
}
