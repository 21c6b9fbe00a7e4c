extension ScanPipeline {
    /// Stage 4: the artwork compared with the photo (and other editions tried on a mismatch). A barcode names the
    /// exact release, and its photo is usually the back of the sleeve: nothing to compare. Under
    /// `--require-verified` a mismatch stops the scan as unidentified.
    func check(_ enriched: EnrichedScan, photo: PreparedPhoto, store: AlbumStore) async throws -> CheckedScan {
        var identified = enriched.identified
        let checked =
            identified.identification.method == .barcode
            ? ArtworkCheck.Checked(artwork: enriched.artwork, verification: .unchecked, descriptor: nil)
            : await ArtworkCheck(environment: environment, store: store)
                .verify(photo: photo.decoded, album: identified.album, artwork: enriched.artwork)
        identified.album.musicbrainzReleaseId = checked.artwork.releaseId ?? identified.album.musicbrainzReleaseId
        if environment.settings.requireVerified, checked.verification.status == .mismatch {
            let album = identified.album
            throw ScanStop(
                .artworkMismatch(album: "\(album.title) by \(album.artist)"), identification: identified.identification,
                verification: checked.verification)
        }
        return CheckedScan(
            identified: identified, artwork: checked.artwork, review: enriched.review,
            verification: checked.verification, descriptor: checked.descriptor)
    }
}
