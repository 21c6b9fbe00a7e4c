extension ScanPipeline {
    /// Stage 3: the artwork (compared with the photo, then its release's Discogs links) and the review. The review
    /// needs only the metadata, so it runs alongside the artwork chain; neither can stop the scan, and what is
    /// missing is reported as a diagnostic.
    func enrich(_ identified: IdentifiedScan, photo: PreparedPhoto, store: AlbumStore) async -> EnrichedScan {
        async let artworkStage = checkedArtwork(for: identified, photo: photo, store: store)
        async let reviewStage = ReviewGenerator(environment: environment, store: store)
            .review(of: identified.album, ultra: identified.ultraReview)
        let ((checked, links), review) = await (artworkStage, reviewStage)
        await recordUsage(review.usage, in: store)
        if let reason = checked.artwork.reason {
            environment.log("artwork: unavailable: \(reason.message)")
            ScanDiagnostics.report(.artwork, .artworkUnavailable, reason.message)
        }
        if let reason = review.reason {
            environment.log("review: unavailable: \(reason.message)")
            ScanDiagnostics.report(.review, .reviewUnavailable, reason.message)
        }
        return EnrichedScan(identified: identified, checked: checked, review: review, links: links)
    }

    /// The artwork, compared with the photo as soon as it is in (other editions tried on a mismatch), and the Discogs
    /// releases of the release that settles on (MusicBrainz's links, else a Discogs search with `DISCOGS_TOKEN`;
    /// cached per release). On a mirror they are asked for beside the archive's requests, all while the review may
    /// still be written; on the public server only the cache is read, and a release not in it is left `pending` for
    /// the export to ask about (`DiscogsLinkTiming`), so a new album costs the scan one MusicBrainz request. A barcode
    /// names the exact release, and its photo is usually the back of the sleeve: nothing to compare.
    private func checkedArtwork(for identified: IdentifiedScan, photo: PreparedPhoto, store: AlbumStore) async
        -> (ArtworkCheck.Checked, DiscogsLink)
    {
        let lookup = DiscogsLookup(environment: environment, store: store)
        let atScan = environment.discogsLinkTiming == .atScan
        let links = EarlyDiscogsLinks(lookup: lookup, album: identified.album)
        var fetcher = ArtworkFetcher(environment: environment, store: store)
        // `--require-verified` asks for no links when the photo is not the artwork's.
        if atScan, !environment.settings.requireVerified { fetcher.releaseFound = links.start }
        let artwork = await fetcher.artwork(for: identified.album)
        let checked =
            identified.identification.method == .barcode
            ? ArtworkCheck.Checked(artwork: artwork, verification: .unchecked, descriptor: nil)
            : await ArtworkCheck(environment: environment, store: store)
                .verify(photo: photo.decoded, album: identified.album, artwork: artwork)
        if stopsOnMismatch(checked.verification) { return (checked, .none) }
        let settled = Self.settled(identified.album, on: checked.artwork)
        guard atScan else { return (checked, await lookup.link(for: settled, askMusicBrainz: false)) }
        return (checked, await links.link(for: settled))
    }

    /// The album with the release the artwork check settled on, and that release's facts where the sleeve said none.
    static func settled(_ album: Album, on artwork: ArtworkOutcome) -> Album {
        var settled = artwork.facts.map { album.completed(by: $0) } ?? album
        settled.musicbrainzReleaseId = artwork.releaseId ?? album.musicbrainzReleaseId
        return settled
    }

    /// Whether `--require-verified` stops a scan with this verification.
    func stopsOnMismatch(_ verification: Verification) -> Bool {
        environment.settings.requireVerified && verification.status == .mismatch
    }
}
