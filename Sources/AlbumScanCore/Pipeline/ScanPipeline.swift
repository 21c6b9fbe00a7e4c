import Crypto
import Foundation

/// Runs one photo through image prep, quota, identification, artwork and review, and saves the scan.
public struct ScanPipeline: Sendable {
    public let environment: AppEnvironment
    var keyring: Keyring { environment.keyring }
    var prompts: PromptLibrary { environment.prompts }

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Scans one file. Never throws: failures come back as a result with `status` and `error` set.
    public func scan(_ file: URL, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ScanResult {
        await scan(InputPath(file), progress: progress)
    }

    /// Scans the file at `file`, whose name need not be valid UTF-8.
    public func scan(_ file: InputPath, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ScanResult {
        let name = file.name
        var timer = StageTimer(now: environment.now)
        progress(.preparing)
        let bytes: Data
        let image: PreparedImage
        let luminance: LuminancePlane
        let measures: QualityMeasures
        let limits = environment.settings.imageLimits
        do {
            (bytes, image, luminance, measures) = try await environment.offload {
                let bytes = try InputFile.read(file, limits: limits)
                let image = try ImagePrep.prepareUpload(bytes, limits: limits)
                let (luminance, measures) = try PhotoQuality.measure(image, limits: limits)
                return (bytes, image, luminance, measures)
            }
            image.warnings.forEach { environment.log("image: \($0)") }
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .invalidImage("cannot read the image: \(error)"))
        }
        timer.lap("prepare")
        let sha256 = Self.sha256(bytes)
        // Refused before the quota is touched: a photo that fails costs nothing.
        if let refusal = qualityRefusal(measures) { return .failed(file: name, refusal) }
        let store: AlbumStore
        do {
            store = try await environment.store()
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .storage("\(error)"))
        }
        // ID Call 0 (and batch duplicates): no model call, no quota. `--no-local` sends every photo to the model.
        progress(.identifying)
        let matcher = environment.matcher
        // The photo as the matcher sees it, decoded once for Call 0 and the artwork check.
        let decoded = try? await environment.offload { try matcher.decode(image.jpeg) }
        let signature = environment.settings.localMatch ? decoded.map(ColourSignature.init(image:)) : nil
        let place = signature.map { environment.runPhotos.register(signature: $0, floor: LocalMatch.waitFloor) }
        defer { if let place { environment.runPhotos.finish(place.token) } }
        if let decoded, let place,
            let found = await LocalMatch(environment: environment, store: store)
                .find(photo: decoded, waitingFor: place.earlier),
            let free = await saveLocal(found, name: name, sha256: sha256, store: store, timer: timer, progress: progress)
        {
            return free
        }
        let reservation: Reservation
        do {
            reservation = try await environment.offload { [keyring] in try keyring.reserve(pid: getpid()) }
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .configuration("keyring: \(error)"))
        }
        let prepared = timer
        let result = await Deadline.run(seconds: environment.settings.scanDeadline, sleep: environment.sleep) {
            await identifyAndSave(
                name: name, sha256: sha256, image: image, decoded: decoded, luminance: luminance, reservation: reservation,
                store: store,
                timer: prepared, progress: progress)
        } onTimeout: { late in
            late.status == .identified
                ? late
                : .failed(
                    file: name,
                    .serviceFailed("the scan did not finish within \(Int(environment.settings.scanDeadline)) s; try again later"))
        }
        return await settle(result, reservation: reservation, store: store)
    }

    func identifyAndSave(
        name: String, sha256: String, image: PreparedImage, decoded: DecodedRGB?, luminance: LuminancePlane,
        reservation: Reservation,
        store: AlbumStore, timer: StageTimer, progress: @escaping @Sendable (ScanStage) -> Void
    ) async -> ScanResult {
        var timer = timer
        let identification: Identification
        let barcodes = await readBarcodes(luminance)
        do {
            if let named = await identifyByBarcode(barcodes, store: store) {
                identification = named
            } else {
                var identifier = Identifier(environment: environment)
                identifier.barcode = barcodes.first
                identification = try await identifier.identify(
                    image, tier: reservation.tier, advancedSearch: reservation.advancedSearch, progress: progress)
            }
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch is CancellationError {
            return .failed(file: name, .interrupted)
        } catch {
            return .failed(file: name, .serviceFailed("identification failed: \(error)"))
        }
        timer.lap("identify")
        await recordUsage(identification.usage, in: store)
        let summary = ScanResult.IdentificationSummary(
            calls: identification.calls, searchGate: identification.searchGate, method: identification.method)
        guard var album = identification.album else {
            environment.log("identify: unidentified: \(identification.reason ?? "no reason given")")
            return .failed(file: name, .unidentified(reason: identification.reason ?? ""), identification: summary)
        }
        progress(.found(album))
        progress(.reviewing)
        let ultra = reservation.tier == .ultra && reservation.advancedSearch
        let identified = album
        // The review needs only the metadata, so it runs alongside the artwork chain.
        async let artworkStage = ArtworkFetcher(environment: environment, store: store).artwork(for: identified)
        async let reviewStage = ReviewGenerator(environment: environment, store: store)
            .review(of: identified, ultra: ultra)
        let (fetched, review) = await (artworkStage, reviewStage)
        timer.lap("artwork+review")
        await recordUsage(review.usage, in: store)
        if let reason = fetched.reason { environment.log("artwork: unavailable: \(reason.message)") }
        if let reason = review.reason { environment.log("review: unavailable: \(reason.message)") }
        // A barcode names the exact release, and its photo is usually the back of the sleeve: nothing to compare.
        let checked =
            identification.method == .barcode
            ? ArtworkCheck.Checked(artwork: fetched, verification: .unchecked, descriptor: nil)
            : await ArtworkCheck(environment: environment, store: store)
                .verify(photo: decoded, album: album, artwork: fetched)
        let (artwork, verification) = (checked.artwork, checked.verification)
        album.musicbrainzReleaseId = artwork.releaseId ?? album.musicbrainzReleaseId
        // A barcode MusicBrainz does not list is still the sleeve's own.
        if album.barcode == nil { album.barcode = barcodes.first?.digits }
        // Interrupted while its artwork or review was in flight: not saved, so not charged.
        if Task.isCancelled { return .failed(file: name, .interrupted, identification: summary) }
        if environment.settings.requireVerified, verification.status == .mismatch {
            var refused = ScanResult.failed(
                file: name, .artworkMismatch(album: "\(album.title) by \(album.artist)"), identification: summary)
            refused.verification = verification
            return refused
        }
        progress(.saving)
        let scannedAt = environment.now()
        do {
            let scan = NewScan(
                scannedAt: scannedAt, fileName: name, inputSha256: sha256, tier: reservation.tier,
                calls: identification.calls, searchGate: identification.searchGate, album: album,
                artworkStatus: artwork.status, artworkURL: artwork.url, reviewStatus: review.status,
                reviewKey: review.review == nil ? nil : review.key,
                promptHash: (try? prompts.hash(.identify)) ?? "", timings: timer.laps,
                reservationId: summary.method.usesModel ? reservation.id : nil, verification: verification,
                artworkDescriptor: checked.descriptor, method: summary.method)
            let scanId = try await environment.offload { [scan] in
                let id = try store.saveScan(scan)
                try store.checkStillOnDisk()
                return id
            }
            if let descriptor = checked.descriptor, let mbid = artwork.releaseId {
                environment.localIndex.add(mbid: mbid, descriptor: descriptor, file: name)
            }
            return ScanResult(
                file: name, status: .identified, scanId: scanId, scannedAt: scannedAt, album: album, identification: summary,
                artwork: .init(status: artwork.status, url: artwork.url, reason: artwork.reason),
                review: .init(status: review.status, review: review.review, reason: review.reason),
                verification: verification)
        } catch let error as AlbumScanError {
            return .failed(file: name, error, identification: summary)
        } catch {
            return .failed(file: name, .storage("cannot save the scan: \(error)"), identification: summary)
        }
    }

    func recordUsage(_ usage: [TokenUsage], in store: AlbumStore) async {
        guard !usage.isEmpty else { return }
        let now = environment.now()
        _ = try? await environment.offload {
            for call in usage {
                try store.recordUsage(
                    model: call.model, provider: call.provider, promptTokens: call.promptTokens,
                    completionTokens: call.completionTokens, imageTokens: call.imageTokens, webSearches: call.webSearches, at: now
                )
            }
        }
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
