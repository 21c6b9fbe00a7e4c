import AlbumScanMatching
import Foundation

extension ScanPipeline {
    /// A photo file's bytes and their SHA-256.
    struct PhotoBytes {
        var bytes: Data
        var sha256: String
    }

    /// Reads the file (or takes the bytes, within the same size limit) and its SHA-256 unless given.
    func read(_ source: PhotoSource) async throws -> PhotoBytes {
        let limits = environment.settings.imageLimits
        return try await environment.offload {
            switch source {
            case .file(let file):
                let bytes = try InputFile.read(file, limits: limits)
                return PhotoBytes(bytes: bytes, sha256: Self.sha256(bytes))
            case .bytes(let bytes, _, let sha256):
                guard !bytes.isEmpty else { throw AlbumScanError.invalidImage("the photo is empty") }
                let cap = InputFile.maxBytes(for: limits)
                guard bytes.count <= cap else { throw InputFile.tooLarge(cap) }
                return PhotoBytes(bytes: bytes, sha256: sha256 ?? Self.sha256(bytes))
            }
        }
    }

    /// Stage 1 for a photo not scanned before (else `AlreadyScanned`); a failure to prepare it comes back in the
    /// result. A re-run over a folder does not prepare a photo already identified, let alone send it: with the store
    /// open, the check takes a moment and comes first. A process's first photo is prepared while the store is opened
    /// (or created) for the check, which takes tens of milliseconds: a photo then found scanned has cost one decode.
    func preparedUnlessScanned(_ input: PhotoBytes, name: String) async throws -> Result<PreparedPhoto, any Error> {
        // The HTTP client and the visual vocabulary (the words of the photo and of a verified cover) get ready while
        // the photo is prepared.
        let warmUp = { [environment] in
            environment.startInBackground { [transport = environment.transport] in
                transport.warmUp()
                LocalIndex.warmUp()
            }
        }
        // `--rescan` checks nothing; with the store open the check comes first.
        let checking = environment.settings.skipScanned
        guard checking, !environment.storeIsOpen else {
            if checking { try await checkNotScanned(input.sha256) }
            warmUp()
            return await preparedPhoto(input, name: name)
        }
        // Its own diagnostics, so a photo found scanned reports nothing of a preparation it did not need.
        let (scan, own) = (ScanDiagnostics.current, ScanDiagnostics())
        let early = Task { await ScanDiagnostics.$current.withValue(own) { await preparedPhoto(input, name: name) } }
        warmUp()
        try await checkNotScanned(input.sha256)
        let prepared = await early.value
        own.all.forEach { scan?.add($0) }
        return prepared
    }

    private func preparedPhoto(_ input: PhotoBytes, name: String) async -> Result<PreparedPhoto, any Error> {
        do {
            return .success(try await prepare(input, name: name))
        } catch {
            return .failure(error)
        }
    }

    /// Throws `AlreadyScanned` for a photo whose content a saved scan has. A re-run that names shop fields (grades
    /// forgotten the first time) sets them on the photos it skips.
    private func checkNotScanned(_ sha256: String) async throws {
        guard let scanId = try await openStore().scanId(sha256: sha256) else {
            if environment.settings.answersFromLastTry, let last = try await openStore().run({ try $0.failure(sha256: sha256) }),
                let error = Self.repeatable(last, qualityCheck: environment.settings.qualityCheck)
            {
                throw TriedBefore(error: error)
            }
            return
        }
        let shop = environment.settings.shopFields
        guard !shop.isEmpty, !environment.settings.scannedPhotosKeepShopFields,
            try await openStore().applyShopFields(shop, toScan: scanId, stamp: environment.changeStamp) != nil
        else {
            throw AlreadyScanned(scanId: scanId, shopFieldsSet: false)
        }
        throw AlreadyScanned(scanId: scanId, shopFieldsSet: true)
    }

    /// Stage 1: prepares the upload, measures its quality, reads its barcodes and hands its pixels to the matcher. A
    /// photo the quality check refuses stops here, before the quota is touched: it costs nothing.
    func prepare(_ input: PhotoBytes, name: String) async throws -> PreparedPhoto {
        let (environment, bytes) = (environment, input.bytes)
        let (limits, matcher) = (environment.settings.imageLimits, environment.matcher)
        let callZeroNext = environment.settings.localMatch && environment.localIndex.albums > 0
        let (image, comparable, measures, barcodes) = try await environment.compute {
            let decoded = try ImagePrep.decodedForUpload(bytes, limits: limits)
            let comparable = Result { ComparablePhoto(try matcher.photo(decoded.image)) }
            if case .success(let photo) = comparable {
                // The photo's features, which Call 0 and the artwork check both compare, are made from now on: beside
                // the upload's encoding and the quality check, then beside Call 0's ranking of the library or Call 1.
                // With a library loaded, Call 0 waits for them as soon as the photo is prepared, so they are made at
                // the scan's own priority; otherwise the artwork check is the first to need them, after Call 1, and
                // they are made in the background, or skipped if the scan has ended before their turn.
                let features = photo.aheadOfNeed(matcher.prepare)
                if callZeroNext {
                    environment.startBeside(features)
                } else {
                    environment.startInBackground(features)
                }
            }
            let image = try ImagePrep.upload(decoded)
            let upload = try PhotoQuality.decode(image, limits: limits)
            // The measures and the barcode reader only read the upload, and Call 1 waits for both: one thread each.
            let (measures, barcodes) = TwoThreads.both(
                { PhotoQuality.measures(upload) }, { BarcodeReader.read(upload.luminance, rotated: true) })
            return (image, comparable, measures, barcodes)
        }
        image.warnings.forEach { environment.log("image: \($0)") }
        if let refusal = qualityRefusal(measures, warnings: image.warnings) { throw refusal }
        for barcode in barcodes { environment.log("barcode: read \(barcode.kind.rawValue) \(barcode.digits)") }
        let decoded: ComparablePhoto? = if case .success(let photo) = comparable { photo } else { nil }
        if case .failure(let error) = comparable {
            ScanDiagnostics.report(
                .prepare, .photoNotComparable,
                "the photo could not be decoded for comparison (\(error)); it was not matched against the library or its artwork")
        }
        return PreparedPhoto(name: name, sha256: input.sha256, image: image, barcodes: barcodes, comparable: decoded)
    }

    /// A photo whose last try found nothing or was refused for quality, answered from that try (see
    /// `Settings.answersFromLastTry`).
    struct TriedBefore: Error {
        var error: AlbumScanError
    }

    /// The outcome a last try is answered with, when trying again could only pay for the same answer: not
    /// identified, or refused for quality while the check is still on.
    static func repeatable(_ last: FailedScan, qualityCheck: Bool) -> AlbumScanError? {
        switch last.error.code {
        case AlbumScanError.unidentified(reason: "").code where last.status == .unidentified:
            .unidentified(
                reason: last.error.message,
                why: last.error.reason.flatMap(UnidentifiedReason.init(rawValue:)) ?? .modelDidNotKnow)
        case AlbumScanError.photoQuality("").code where qualityCheck: .photoQuality(last.error.message)
        default: nil
        }
    }

    /// A photo whose content a saved scan already has.
    struct AlreadyScanned: Error {
        var scanId: Int64
        /// Whether the run's shop fields were set on that scan.
        var shopFieldsSet: Bool
    }

    /// The result as it is; a failure of the photo itself is kept in the store first (see `FailedScan.records`).
    func remembered(_ result: ScanResult, sha256: String?) async -> ScanResult {
        guard let error = result.error, FailedScan.records(error) else { return result }
        do {
            try await openStore().recordFailure(
                file: result.file, sha256: sha256, status: result.status, error: error, at: environment.now())
        } catch {
            ScanDiagnostics.report(
                .save, .failureNotRecorded, "the failed scan was not recorded, so history --failed will not list it (\(error))")
        }
        return result
    }

    /// The store, opened on first use; a failure to open it stops the scan as a storage error.
    func openStore() async throws -> AlbumStore {
        do {
            return try await environment.store()
        } catch let error as AlbumScanError {
            throw error
        } catch {
            throw AlbumScanError.storage("\(error)")
        }
    }

    /// Registers the photo with this run's photos in flight, so a later photo of the same cover can wait for it.
    func registerInRun(_ decoded: DecodedRGB) -> (token: UUID, earlier: [Task<Void, Never>])? {
        guard environment.settings.localMatch else { return nil }
        return environment.runPhotos.register(signature: ColourSignature(image: decoded), floor: LocalMatch.waitFloor)
    }
}
