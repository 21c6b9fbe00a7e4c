import Foundation

extension ScanPipeline {
    /// Stage 2: the album a barcode on the sleeve (read off the photo in stage 1) names, else the one the model names
    /// (Call 1, and Call 2 when the search gate opens). The model's token usage is recorded whatever it answered.
    func identify(
        _ photo: PreparedPhoto, reservation: Reservation, store: AlbumStore, progress: @escaping @Sendable (ScanStage) -> Void
    ) async throws -> IdentifiedScan {
        let identification: Identification
        // The front's own barcodes first; a back's barcodes that named no album still help the model.
        let barcodes = photo.barcodes + (back?.barcodes ?? []).filter { !photo.barcodes.contains($0) }
        if let named = back?.identification {
            identification = named
        } else if let named = await identifyByBarcode(photo.barcodes, store: store) {
            identification = named
        } else {
            var identifier = Identifier(environment: environment)
            identifier.barcode = barcodes.first
            identification = try await identifier.identify(
                photo.image, tier: reservation.tier, advancedSearch: reservation.advancedSearch, progress: progress)
        }
        await recordUsage(identification.usage, in: store)
        let summary = ScanResult.IdentificationSummary(
            calls: identification.calls, searchGate: identification.searchGate, method: identification.method)
        guard var album = identification.album else {
            environment.log("identify: unidentified: \(identification.reason ?? "no reason given")")
            throw ScanStop(
                .unidentified(reason: identification.reason ?? "", why: identification.why ?? .modelDidNotKnow),
                identification: summary)
        }
        // A barcode MusicBrainz does not list is still the sleeve's own.
        if album.barcode == nil, let first = barcodes.first {
            album.barcode = first.digits
            album.sources.barcode = photo.barcodes.contains(first) ? .sleeve : .back
        }
        return IdentifiedScan(
            album: album, identification: summary, tier: reservation.tier,
            reservationId: summary.method.usesModel ? reservation.id : nil,
            ultraReview: reservation.tier == .ultra && reservation.advancedSearch)
    }

    /// Records the token usage of model calls, for `account` and `eval`.
    func recordUsage(_ usage: [TokenUsage], in store: AlbumStore) async {
        guard !usage.isEmpty else { return }
        let now = environment.now()
        do {
            try await store.recordUsage(usage, at: now)
        } catch {
            ScanDiagnostics.report(
                .save, .usageNotRecorded, "the token usage of \(usage.count) model call(s) was not recorded: \(error)")
        }
    }
}
