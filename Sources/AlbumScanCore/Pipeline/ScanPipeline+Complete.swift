extension ScanPipeline {
    /// A photo whose saved scan is incomplete (saved without its release and artwork because a service failed): the
    /// release, artwork, Discogs links and verdict are looked up again under the saved names, with no model call, and
    /// the scan is updated in place. Nil when the saved scan is complete (the photo is skipped as before), or when it
    /// still cannot be completed (said as a diagnostic).
    func completed(_ scanId: Int64) async -> ScanResult? {
        do {
            let store = try await openStore()
            guard let stored = try await store.scan(id: scanId), stored.artworkReason == ScanResult.incompleteCode else {
                return nil
            }
            environment.log("complete: scan \(scanId) was saved without its release; looking it up again")
            let names = ScanCorrection(artist: stored.album.artist, title: stored.album.title)
            return try await ScanCorrector(environment: environment, store: store).correct([stored], with: names).first
        } catch {
            ScanDiagnostics.report(.artwork, .artworkUnavailable, "scan \(scanId) is still incomplete: \(error)")
            return nil
        }
    }
}
