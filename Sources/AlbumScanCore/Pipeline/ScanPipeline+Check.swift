extension ScanPipeline {
    /// Stage 4: the artwork check's verdict applied: the album takes the release the check settled on, the facts of
    /// that release the sleeve did not state, and its Discogs releases (or that they are still `pending`). Under
    /// `--require-verified` a mismatch stops the scan as unidentified.
    func check(_ enriched: EnrichedScan) throws -> CheckedScan {
        var identified = enriched.identified
        let checked = enriched.checked
        identified.album = Self.settled(identified.album, on: checked.artwork)
        if !enriched.links.releaseIds.isEmpty || enriched.links.isPending { identified.album.discogs = enriched.links }
        if stopsOnMismatch(checked.verification) {
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
