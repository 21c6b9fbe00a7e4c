/// What stopped a scan once it was under way, with what was known by then (the result reports both).
struct ScanStop: Error {
    var error: AlbumScanError
    var identification: ScanResult.IdentificationSummary?
    var verification: Verification?

    init(
        _ error: AlbumScanError, identification: ScanResult.IdentificationSummary? = nil, verification: Verification? = nil
    ) {
        self.error = error
        self.identification = identification
        self.verification = verification
    }

    /// Any error as a stop: a core error as it is, anything else as `other`; in a cancelled scan (Ctrl-C) whatever
    /// failed (an aborted request, say) failed because of the interruption.
    init(_ error: any Error, otherwise other: (String) -> AlbumScanError) {
        if Task.isCancelled, (error as? ScanStop)?.error != .interrupted {
            self.init(.interrupted, identification: (error as? ScanStop)?.identification)
            return
        }
        switch error {
        case let stop as ScanStop: self = stop
        case let known as AlbumScanError: self.init(known)
        case is CancellationError: self.init(.interrupted)
        default: self.init(other("\(error)"))
        }
    }
}
