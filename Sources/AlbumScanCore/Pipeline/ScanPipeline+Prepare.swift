import AlbumScanMatching
import Foundation

extension ScanPipeline {
    /// Stage 1: reads the file, prepares the upload, measures its quality and decodes it for the matcher. A photo
    /// the quality check refuses stops here, before the quota is touched: it costs nothing.
    func prepare(_ file: InputPath) async throws -> PreparedPhoto {
        let limits = environment.settings.imageLimits
        let (bytes, sha256) = try await environment.offload {
            let bytes = try InputFile.read(file, limits: limits)
            return (bytes, Self.sha256(bytes))
        }
        // A re-run over a folder: a photo already identified is not read as an image, let alone sent.
        if environment.settings.skipScanned, let scanId = try await openStore().scanId(sha256: sha256) {
            throw AlreadyScanned(scanId: scanId)
        }
        let (image, luminance, measures) = try await environment.offload {
            let image = try ImagePrep.prepareUpload(bytes, limits: limits)
            let (luminance, measures) = try PhotoQuality.measure(image, limits: limits)
            return (image, luminance, measures)
        }
        image.warnings.forEach { environment.log("image: \($0)") }
        if let refusal = qualityRefusal(measures, warnings: image.warnings) { throw refusal }
        let matcher = environment.matcher
        let decoded: DecodedRGB?
        do {
            decoded = try await environment.offload { try matcher.decode(image.jpeg) }
        } catch {
            decoded = nil
            ScanDiagnostics.report(
                .prepare, .photoNotComparable,
                "the photo could not be decoded for comparison (\(error)); it was not matched against the library or its artwork")
        }
        return PreparedPhoto(name: file.name, sha256: sha256, image: image, luminance: luminance, decoded: decoded)
    }

    /// A photo whose content a saved scan already has.
    struct AlreadyScanned: Error {
        var scanId: Int64
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
