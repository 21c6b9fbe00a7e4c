import Foundation

extension ScanPipeline {
    /// Stage 5, the one save path of every route: writes the scan row (checked still on disk), adds a verified cover
    /// to the library's index, and returns the identified result; a failed write is the scan's storage error.
    func saved(_ checked: CheckedScan, photo: PreparedPhoto, store: AlbumStore, timer: StageTimer) async -> ScanResult {
        let (identified, artwork, review) = (checked.identified, checked.artwork, checked.review)
        let scannedAt = environment.now()
        var scan = NewScan(
            scannedAt: scannedAt, fileName: photo.name, inputSha256: photo.sha256, tier: identified.tier,
            calls: identified.identification.calls, searchGate: identified.identification.searchGate,
            album: checked.album, artworkStatus: artwork.status, artworkURL: artwork.url, reviewStatus: review.status,
            reviewKey: review.review == nil ? nil : review.key.description, promptHash: identifyPromptHash(), timings: timer.laps,
            reservationId: identified.reservationId, verification: checked.verification,
            artworkDescriptor: checked.descriptor, method: identified.identification.method,
            duplicateOf: identified.identification.duplicateOf, shop: environment.settings.shopFields)
        scan.artworkReason = artwork.reason?.code
        // Every photo once: a photo saved before (a --rescan) is replaced in place, keeping its id and shop fields.
        scan.inPlace = true
        scan.keepsShopFields = environment.settings.scannedPhotosKeepShopFields
        let saved: SavedScan
        do {
            saved = try await store.save(scan, stamp: environment.changeStamp)
        } catch {
            let stop = ScanStop(error) { .storage("cannot save the scan: \($0)") }
            return .stopped(file: photo.name, ScanStop(stop.error, identification: identified.identification))
        }
        if let descriptor = checked.descriptor, let mbid = artwork.releaseId {
            environment.localIndex.add(mbid: mbid, descriptor: descriptor, file: photo.name)
        }
        var result = ScanResult(
            file: photo.name, status: .identified, scanId: saved.id, scannedAt: scannedAt, album: checked.album,
            identification: identified.identification,
            artwork: .init(status: artwork.status, url: artwork.url, reason: artwork.reason),
            review: .init(status: review.status, review: review.review, reason: review.reason),
            verification: checked.verification, shop: saved.shop, releaseGroupId: artwork.releaseGroupId,
            artworkImages: artwork.images)
        result.version = saved.version
        return result
    }

    /// The identify prompt's hash, stored with the scan; empty only when ALBUMSCAN_PROMPTS_DIR lacks the prompt,
    /// which routes that ask the model have already failed on.
    func identifyPromptHash() -> String {
        // try?: only a route that used no identify prompt gets here without one, and "" says so
        (try? prompts.hash(.identify)) ?? ""
    }
}
