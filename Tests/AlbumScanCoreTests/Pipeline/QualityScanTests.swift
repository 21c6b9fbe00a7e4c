import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The photo-quality check before paying, end to end against the fakes.
@Suite struct QualityScanTests {
    static func blurredPhoto(in folder: URL) throws -> URL {
        let set = QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 11)
        let image = try set.photo(.blurred, 0)
        let file = folder.appendingPathComponent("blurred.jpg")
        try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 90).write(to: file)
        return file
    }

    /// A blurred photo is refused before Call 1: photo-quality, no request to OpenAI, no quota used.
    @Test func aBlurredPhotoIsRefusedBeforePaying() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(try Self.blurredPhoto(in: test.environment.home))
        #expect(result.status == .failed)
        #expect(result.error == .photoQuality("too blurry: hold still and tap to focus"))
        #expect(result.error?.code == "photo-quality")
        #expect(services.openAI.calls.isEmpty)
        #expect(services.musicBrainz.searches.isEmpty)
        let status = try test.environment.keyring.status()
        #expect(status.scansUsed == 0)
    }

    /// With the check off the same photo is sent to the model.
    @Test func theCheckCanBeTurnedOff() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services) { $0.qualityCheck = false }
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(try Self.blurredPhoto(in: test.environment.home))
        #expect(result.error?.code != "photo-quality")
        #expect(services.openAI.calls.filter(\.hasImage).count == 1)
    }
}
