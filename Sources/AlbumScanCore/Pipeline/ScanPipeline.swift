import Crypto
import Foundation

/// Runs one photo through image prep, quota, identification, artwork and review, and saves the scan.
public struct ScanPipeline: Sendable {
    public let environment: ScanEnvironment
    public let store: AlbumStore
    public let keyring: Keyring
    public let prompts: PromptLibrary

    public init(environment: ScanEnvironment, store: AlbumStore, keyring: Keyring, prompts: PromptLibrary) {
        self.environment = environment
        self.store = store
        self.keyring = keyring
        self.prompts = prompts
    }

    /// Scans one file. Never throws: failures come back as a result with `status` and `error` set.
    public func scan(_ file: URL, progress: @escaping @Sendable (ScanStage) -> Void = { _ in }) async -> ScanResult {
        let name = file.relativePath
        var timer = StageTimer(now: environment.now)
        progress(.preparing)
        let bytes: Data
        let image: PreparedImage
        do {
            bytes = try InputFile.read(file)
            image = try ImagePrep.prepareUpload(bytes, limits: environment.settings.imageLimits)
            image.warnings.forEach { environment.log("image: \($0)") }
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .invalidImage("cannot read the image: \(error)"))
        }
        timer.lap("prepare")
        let reservation: Reservation
        do {
            reservation = try keyring.reserve(pid: getpid())
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .configuration("keyring: \(error)"))
        }
        let sha256 = Self.sha256(bytes)
        let prepared = timer
        let result = await Deadline.run(seconds: environment.settings.scanDeadline, sleep: environment.sleep) {
            await identifyAndSave(
                name: name, sha256: sha256, image: image, reservation: reservation, timer: prepared, progress: progress)
        } onTimeout: { late in
            late.status == .identified
                ? late
                : .failed(
                    file: name,
                    .serviceFailed("the scan did not finish within \(Int(environment.settings.scanDeadline)) s; try again later"))
        }
        do {
            if result.status == .identified { try keyring.commit(reservation) } else { try keyring.release(reservation) }
        } catch {
            environment.log("keyring: could not settle the reservation: \(error)")
        }
        return result
    }

    func identifyAndSave(
        name: String, sha256: String, image: PreparedImage, reservation: Reservation, timer: StageTimer,
        progress: @escaping @Sendable (ScanStage) -> Void
    ) async -> ScanResult {
        var timer = timer
        progress(.identifying)
        let identification: Identification
        do {
            identification = try await Identifier(environment: environment, prompts: prompts)
                .identify(image, tier: reservation.tier, advancedSearch: reservation.advancedSearch, progress: progress)
        } catch let error as AlbumScanError {
            return .failed(file: name, error)
        } catch {
            return .failed(file: name, .serviceFailed("identification failed: \(error)"))
        }
        timer.lap("identify")
        recordUsage(identification.usage)
        let summary = ScanResult.IdentificationSummary(calls: identification.calls, searchGate: identification.searchGate)
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
        async let reviewStage = ReviewGenerator(environment: environment, prompts: prompts, store: store)
            .review(of: identified, ultra: ultra)
        let (artwork, review) = await (artworkStage, reviewStage)
        timer.lap("artwork+review")
        recordUsage(review.usage)
        if let reason = artwork.reason { environment.log("artwork: unavailable: \(reason)") }
        if let reason = review.reason { environment.log("review: unavailable: \(reason)") }
        album.musicbrainzReleaseId = artwork.releaseId
        progress(.saving)
        let scannedAt = environment.now()
        do {
            let scanId = try store.saveScan(
                NewScan(
                    scannedAt: scannedAt, fileName: name, inputSha256: sha256, tier: reservation.tier,
                    calls: identification.calls, searchGate: identification.searchGate, album: album,
                    artworkStatus: artwork.status, artworkURL: artwork.url, reviewStatus: review.status,
                    reviewKey: review.review == nil ? nil : review.key,
                    promptHash: (try? prompts.hash(.identify)) ?? "", timings: timer.laps))
            return ScanResult(
                file: name, status: .identified, scanId: scanId, scannedAt: scannedAt, album: album, identification: summary,
                artwork: .init(status: artwork.status, url: artwork.url),
                review: .init(status: review.status, review: review.review))
        } catch let error as AlbumScanError {
            return .failed(file: name, error, identification: summary)
        } catch {
            return .failed(file: name, .configuration("cannot save the scan: \(error)"), identification: summary)
        }
    }

    func recordUsage(_ usage: [TokenUsage]) {
        for call in usage {
            try? store.recordUsage(
                model: call.model, promptTokens: call.promptTokens, completionTokens: call.completionTokens, at: environment.now()
            )
        }
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
