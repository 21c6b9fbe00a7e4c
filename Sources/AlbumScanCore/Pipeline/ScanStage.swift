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

    /// Where the scan that is running now reports its stages, for a wait deep inside a stage to show on the progress
    /// line (set by `ScanPipeline.scan`).
    @TaskLocal package static var report: (@Sendable (ScanStage) -> Void)?
}
