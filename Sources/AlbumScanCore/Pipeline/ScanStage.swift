import Foundation

/// Where a scan is, for progress display.
package enum ScanStage: Sendable, Equatable {
    case preparing
    case identifying
    case searching
    case found(Album)
    case reviewing
    /// A service asked to wait (Discogs' 429 or a used-up minute): the scan goes on at `until`.
    case waiting(service: String, until: Date)
    case saving
}
