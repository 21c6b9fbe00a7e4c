import Foundation

extension ScanPipeline {
    /// Call 0 and batch duplicates: a `CheckedScan` made from the caches alone (no model call, no quota) when the
    /// photo matches a verified album of the library or of this run. Nil when nothing matches, or when the caches
    /// cannot answer (no cached review): the scan then pays for Call 1 as usual.
    func matchLocally(
        _ photo: PreparedPhoto, waitingFor earlier: [Task<Void, Never>], store: AlbumStore, timer: inout StageTimer
    ) async -> CheckedScan? {
        guard let decoded = photo.decoded,
            let found = await LocalMatch(environment: environment, store: store).find(photo: decoded, waitingFor: earlier)
        else { return nil }
        let album = found.record.album
        let cached: (review: Review?, hasArt: Bool, tier: Tier, release: CachedRelease?)
        do {
            cached = try await store.run { [keyring] database in
                (
                    review: try database.review(key: AlbumKey(album).work),
                    hasArt: try database.artwork(mbid: found.mbid) != nil, tier: try keyring.status().tier,
                    release: try database.cachedRelease(key: AlbumKey(album))
                )
            }
        } catch {
            ScanDiagnostics.report(
                .local, .localReviewMissing, "\(album.title) matched the library, but its caches cannot be read (\(error)); identifying it as usual")
            return nil
        }
        guard let review = cached.review else {
            ScanDiagnostics.report(
                .local, .localReviewMissing, "\(album.title) matched the library but has no cached review; identifying it as usual")
            return nil
        }
        timer.lap("local")
        let method: IdentificationMethod = found.duplicateOf == nil ? .local : .duplicate
        let identified = IdentifiedScan(
            album: album,
            identification: .init(calls: 0, searchGate: .notNeeded, method: method, duplicateOf: found.duplicateOf),
            tier: cached.tier, reservationId: nil, ultraReview: false)
        return CheckedScan(
            identified: identified,
            artwork: ArtworkOutcome(
                status: cached.hasArt ? .cached : .unavailable, url: cached.hasArt ? found.record.artworkURL : nil,
                releaseId: found.mbid, releaseGroupId: cached.release?.releaseGroupId),
            review: ReviewOutcome(status: .cached, review: review, key: AlbumKey(album).work),
            verification: Verification(status: .verified, score: found.score, releaseId: found.mbid), descriptor: nil)
    }
}
