/// An artwork stage result: never an error, since a scan without artwork still succeeds.
public struct ArtworkOutcome: Sendable {
    public var status: ArtworkStatus
    public var url: String?
    /// The MusicBrainz release the artwork belongs to, when one was found.
    public var releaseId: String?
    /// The release's release group, when known: its front image is one more edition to try.
    public var releaseGroupId: String? = nil
    /// Why there is no artwork.
    public var reason: ScanResult.Problem?
}
