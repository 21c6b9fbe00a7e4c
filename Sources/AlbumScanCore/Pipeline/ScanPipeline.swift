import Foundation

/// Runs one photo through the stages and saves the scan:
/// prepare (`PreparedPhoto`) → identify (`IdentifiedScan`) → enrich (`EnrichedScan`: the review beside the artwork,
/// its comparison with the photo and its release's Discogs releases) → check (`CheckedScan`) → save.
/// A photo of an album already in the library skips from prepare to a `CheckedScan` made from the caches (Call 0).
package struct ScanPipeline: Sendable {
    package let environment: AppEnvironment
    /// The back of the sleeve that came with the photo (`scan FRONT --back BACK`): its barcodes, and the album the
    /// first one MusicBrainz lists names, which then identifies the front with no model call.
    var back: ScannedBack? = nil
    var keyring: Keyring { environment.keyring }
    var prompts: PromptLibrary { environment.prompts }

    package init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Scans one file. Never throws: failures come back as a result with `status` and `error` set.
    package func scan(_ file: URL, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ScanResult {
        await scan(InputPath(file), progress: progress)
    }

    /// Scans the file at `file`, whose name need not be valid UTF-8. What went wrong without stopping the scan comes
    /// back in the result's `diagnostics`.
    package func scan(_ file: InputPath, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ScanResult {
        await ready(file, progress: progress).finish()
    }

    /// The first half of a scan: reads and prepares the photo (stage 1), which a batch does ahead of the photo's turn
    /// while the model answers earlier ones. `ReadyScan.finish` does the rest.
    package func ready(_ file: InputPath, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ReadyScan {
        await ready(.file(file), progress: progress)
    }

    /// The first half of a scan of a photo already in memory (an upload, a library caller's bytes): the bytes are
    /// not read again, and their SHA-256, when the caller took it, not taken again. `name` is the scan's file name.
    package func ready(
        bytes: Data, name: String, sha256: String? = nil, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }
    ) async -> ReadyScan {
        await ready(.bytes(bytes, name: name, sha256: sha256), progress: progress)
    }

    /// Where a photo comes from: a file, or bytes in memory.
    enum PhotoSource: Sendable {
        case file(InputPath)
        case bytes(Data, name: String, sha256: String?)

        var name: String {
            switch self {
            case .file(let path): path.name
            case .bytes(_, let name, _): name
            }
        }
    }

    private func ready(_ source: PhotoSource, progress: @escaping @Sendable (ScanStage) -> Void) async -> ReadyScan {
        let diagnostics = ScanDiagnostics(stage: progress)
        let half = await ScanDiagnostics.$current.withValue(diagnostics) { await readAndPrepare(source, progress: progress) }
        switch half {
        case .ended(var result):
            result.diagnostics = diagnostics.all
            return .ended(result)
        case .prepared(let photo, let store, let timer):
            return ReadyScan(
                .init(
                    pipeline: self, diagnostics: diagnostics, progress: progress, photo: photo, store: store, timer: timer))
        }
    }

    /// Where the first half left a scan.
    private enum FirstHalf {
        case ended(ScanResult)
        case prepared(PreparedPhoto, store: AlbumStore, timer: StageTimer)
    }

    /// Reads the photo and prepares it; a failure of the photo is kept in the store for `history --failed`.
    private func readAndPrepare(_ file: PhotoSource, progress: @escaping @Sendable (ScanStage) -> Void) async -> FirstHalf {
        progress(.preparing)
        var timer = StageTimer(now: environment.now)
        let sha256: String
        let prepared: Result<PreparedPhoto, any Error>
        do {
            let input = try await read(file)
            sha256 = input.sha256
            prepared = try await preparedUnlessScanned(input, name: file.name)
        } catch let scanned as AlreadyScanned {
            // The run's shop fields were set on the stored scan already (see `checkNotScanned`), complete or not.
            if let completed = await completed(scanned.scanId) { return .ended(completed) }
            var skipped = ScanResult.skipped(file: file.name, .alreadyScanned, scanId: scanned.scanId)
            skipped.skipped?.shopFieldsSet = scanned.shopFieldsSet ? true : nil
            return .ended(skipped)
        } catch let last as TriedBefore {
            var repeated = ScanResult.failed(file: file.name, last.error)
            repeated.repeated = true
            return .ended(repeated)
        } catch {
            return .ended(
                await remembered(.stopped(file: file.name, ScanStop(error) { .unreadableInput("\($0)") }), sha256: nil))
        }
        do {
            let photo = try prepared.get()
            timer.lap("prepare")
            return .prepared(photo, store: try await openStore(), timer: timer)
        } catch {
            let stop = ScanStop(error) { .invalidImage("cannot read the image: \($0)") }
            return .ended(await remembered(.stopped(file: file.name, stop), sha256: sha256))
        }
    }

    /// The second half of a scan: Call 0, else the quota reservation and stages 2 to 5 (`ReadyScan.finish` keeps a
    /// failure of the photo for `history --failed`).
    func identifyAndSave(
        _ photo: PreparedPhoto, store: AlbumStore, timer: StageTimer, progress: @escaping @Sendable (ScanStage) -> Void
    ) async -> ScanResult {
        var timer = timer
        // ID Call 0 (and batch duplicates): no model call, no quota. `--no-local` sends every photo to the model.
        progress(.identifying)
        let place = photo.decoded.flatMap(registerInRun)
        defer { if let place { environment.runPhotos.finish(place.token) } }
        if back?.identification == nil, let place,
            let local = await matchLocally(photo, waitingFor: place.earlier, store: store, timer: &timer)
        {
            progress(.found(local.album))
            progress(.saving)
            return await saved(local, photo: photo, store: store, timer: timer)
        }
        let reservation: Reservation
        do {
            reservation = try await environment.offload { [keyring] in try keyring.reserve(pid: getpid()) }
        } catch {
            return .stopped(file: photo.name, ScanStop(error) { .configuration("keyring: \($0)") })
        }
        let started = timer
        let result = await Deadline.run(seconds: environment.settings.scanDeadline, sleep: environment.sleep) {
            await identifyAndSave(photo, reservation: reservation, store: store, timer: started, progress: progress)
        } onTimeout: { late in
            late.status == .identified
                ? late
                : .failed(
                    file: photo.name,
                    .serviceFailed("the scan did not finish within \(Int(environment.settings.scanDeadline)) s; try again later"))
        }
        return await settle(result, reservation: reservation, store: store)
    }

    /// Stages 2 to 5 for a photo the library did not know, under its quota reservation.
    func identifyAndSave(
        _ photo: PreparedPhoto, reservation: Reservation, store: AlbumStore, timer: StageTimer,
        progress: @escaping @Sendable (ScanStage) -> Void
    ) async -> ScanResult {
        var timer = timer
        do {
            let identified = try await identify(photo, reservation: reservation, store: store, progress: progress)
            timer.lap("identify")
            progress(.found(identified.album))
            progress(.reviewing)
            let enriched = await enrich(identified, photo: photo, store: store)
            timer.lap("artwork+review")
            let checked = try check(enriched)
            // Interrupted while its artwork or review was in flight: not saved, so not charged.
            if Task.isCancelled { throw ScanStop(.interrupted, identification: identified.identification) }
            progress(.saving)
            return await saved(checked, photo: photo, store: store, timer: timer)
        } catch {
            return .stopped(file: photo.name, ScanStop(error) { .serviceFailed("identification failed: \($0)") })
        }
    }

    package static func sha256(_ data: Data) -> String {
        Digest.hex(Digest.sha256(data))
    }
}
