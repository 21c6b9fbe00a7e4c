import Foundation

extension ScanPipeline {
    /// What a front with its back does when no barcode on the back names a release MusicBrainz lists.
    package enum UnlistedBack: Sendable {
        /// Scan the front as usual (the model, with the back's barcode as a hint): `scan FRONT --back BACK`.
        case scanFront
        /// Stop with `unknownBarcode`, costing nothing: a front whose last try was answered already (`serve`).
        case stop
    }

    /// The first half of a scan of a record's front with its back (`scan FRONT --back BACK`, `--sides front,back`,
    /// serve's back of an unidentified job). When a barcode on the back names a release, the front is identified by
    /// it with no model call (method `barcode`, the barcode's source `back`). A front scanned before is pinned to that
    /// release instead, as `edit ID --back` does. A back with no readable barcode ends the pair with `noBarcode`.
    package func ready(
        _ front: InputPath, back file: InputPath, unlisted: UnlistedBack = .scanFront,
        progress: @escaping @Sendable (ScanStage) -> Void = { _ in }
    ) async -> ReadyScan {
        let back: SleeveBack
        do {
            back = try await SleeveBack.read(file, environment: environment)
        } catch {
            return .ended(.stopped(file: front.name, ScanStop(error) { .invalidImage("cannot read the back: \($0)") }))
        }
        return await ready(front, back: back, unlisted: unlisted, progress: progress)
    }

    /// `ready(_:back:)` for a back already read.
    package func ready(
        _ front: InputPath, back: SleeveBack, unlisted: UnlistedBack = .scanFront,
        progress: @escaping @Sendable (ScanStage) -> Void = { _ in }
    ) async -> ReadyScan {
        let store: AlbumStore
        do {
            store = try await openStore()
        } catch {
            return .ended(.stopped(file: front.name, ScanStop(error) { .storage($0) }))
        }
        let named = await identifyByBarcode(back.barcodes, store: store, readOn: .back)
        if named == nil, unlisted == .stop {
            let digits = back.barcodes.map(\.digits).joined(separator: ", ")
            return .ended(
                .failed(
                    file: front.name,
                    .unknownBarcode(
                        "MusicBrainz lists no release with barcode \(digits) (read on the back); the front was not sent again")))
        }
        // The back is new evidence: a front whose last try found nothing (or was refused for quality) is scanned
        // again, by the barcode; the front's photo is then only compared with the release's artwork.
        var pipeline = ScanPipeline(
            environment: named == nil
                ? environment
                : environment.with { settings in
                    settings.answersFromLastTry = false
                    settings.qualityCheck = false
                })
        pipeline.back = ScannedBack(barcodes: back.barcodes, identification: named)
        let ready = await pipeline.ready(front, progress: progress)
        guard let skipped = ready.ended?.skipped, skipped.reason == .alreadyScanned, let id = skipped.scanId else {
            return ready
        }
        do {
            guard let scan = try await store.scan(id: id) else { return ready }
            // Pinned to this release by its back already (a re-run): skipped as any scanned photo is.
            let pinned = named?.album?.musicbrainzReleaseId
            if pinned != nil, scan.album.musicbrainzReleaseId == pinned, scan.album.sources.barcode == .back { return ready }
            return .ended(try await SleevePinner(environment: environment, store: store).pin(scan, back: back))
        } catch {
            return .ended(
                .stopped(file: front.name, ScanStop(error) { .serviceFailed("the back could not pin scan \(id): \($0)") }))
        }
    }
}
