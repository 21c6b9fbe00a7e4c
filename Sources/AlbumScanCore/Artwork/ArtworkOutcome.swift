/// An artwork stage result: never an error, since a scan without artwork still succeeds.
package struct ArtworkOutcome: Sendable {
    package var status: ArtworkStatus
    package var url: String?
    /// The MusicBrainz release the artwork belongs to, when one was found.
    package var releaseId: String?
    /// The release's release group, when known: its front image is one more edition to try.
    package var releaseGroupId: String? = nil
    /// That release's own facts (label, date, catalogue number, …), when MusicBrainz listed them.
    package var facts: ReleaseFacts? = nil
    /// The front image and its thumbnail, as stored: what the details view draws without going back to the store.
    package var images: StoredArtwork? = nil
    /// Why there is no artwork.
    package var reason: ScanResult.Problem?
}
