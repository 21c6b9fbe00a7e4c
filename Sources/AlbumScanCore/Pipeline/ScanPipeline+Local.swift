import Foundation

extension ScanPipeline {
    /// Saves a scan identified by Call 0 or as a batch duplicate, from the caches alone: no model call, no quota.
    /// Nil when the caches cannot answer (no cached review): the scan then pays for Call 1 as usual.
    func saveLocal(
        _ found: LocalMatch.Found, name: String, sha256: String, store: AlbumStore, timer: StageTimer,
        progress: @escaping @Sendable (ScanStage) -> Void
    ) async -> ScanResult? {
        var timer = timer
        let album = found.record.album
        guard let reviewKey = found.record.reviewKey,
            let cached = try? await environment.offload({
                (
                    review: try store.review(key: reviewKey), art: try store.artwork(mbid: found.mbid) != nil,
                    tier: try keyring.status().tier
                )
            }),
            let review = cached.review
        else {
            environment.log("local: \(album.title) has no cached review; identifying it as usual")
            return nil
        }
        timer.lap("local")
        progress(.found(album))
        progress(.saving)
        let method: IdentificationMethod = found.duplicateOf == nil ? .local : .duplicate
        let summary = ScanResult.IdentificationSummary(
            calls: 0, searchGate: .notNeeded, method: method, duplicateOf: found.duplicateOf)
        let verification = Verification(status: .verified, score: found.score, releaseId: found.mbid)
        let artworkURL = cached.art ? found.record.artworkURL : nil
        let scannedAt = environment.now()
        let scan = NewScan(
            scannedAt: scannedAt, fileName: name, inputSha256: sha256, tier: cached.tier, calls: 0,
            searchGate: .notNeeded, album: album, artworkStatus: cached.art ? .cached : .unavailable,
            artworkURL: artworkURL, reviewStatus: .cached, reviewKey: reviewKey,
            promptHash: (try? prompts.hash(.identify)) ?? "", timings: timer.laps, verification: verification,
            method: method, duplicateOf: found.duplicateOf)
        do {
            let scanId = try await environment.offload {
                let id = try store.saveScan(scan)
                try store.checkStillOnDisk()
                return id
            }
            return ScanResult(
                file: name, status: .identified, scanId: scanId, scannedAt: scannedAt, album: album, identification: summary,
                artwork: .init(status: cached.art ? .cached : .unavailable, url: artworkURL),
                review: .init(status: .cached, review: review), verification: verification)
        } catch let error as AlbumScanError {
            return .failed(file: name, error, identification: summary)
        } catch {
            return .failed(file: name, .storage("cannot save the scan: \(error)"), identification: summary)
        }
    }
}
