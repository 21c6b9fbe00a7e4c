extension ScanResult {
    /// The artwork reason that marks a scan saved without its release and artwork because a service failed.
    package static let incompleteCode = "service-failed"

    /// What an incomplete scan says of itself, and how to complete it.
    package static let incompleteMessage =
        "saved without its MusicBrainz release and artwork (a service could not be reached); "
        + "scan the photo again to complete it, with no model call"

    /// Whether this scan was saved without its release and artwork because a service failed.
    package var isIncomplete: Bool { status == .identified && artwork?.reason?.code == Self.incompleteCode }
}
