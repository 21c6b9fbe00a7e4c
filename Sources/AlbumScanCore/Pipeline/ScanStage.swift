/// Where a scan is, for progress display.
package enum ScanStage: Sendable, Equatable {
    case preparing
    case identifying
    case searching
    case found(Album)
    case reviewing
    case saving
}
