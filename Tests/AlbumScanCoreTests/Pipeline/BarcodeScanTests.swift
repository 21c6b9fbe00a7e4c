import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Back sleeves with barcodes, end to end against the fakes; requests are counted at the fakes.
@Suite struct BarcodeScanTests {
    static func sleeve(_ digits: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("back-\(digits).jpg")
        try BarcodeSleeve.jpeg(digits: digits).write(to: file)
        return file
    }

    static func barcodeQueries(_ services: FakeServices) -> [String] {
        services.musicBrainz.searches.map(\.query).filter { $0.hasPrefix("barcode:") }
    }

    /// A listed EAN-13 names the release with no model call: the album's review is cached from an earlier scan,
    /// so the barcode scan makes no OpenAI request at all, one MusicBrainz `barcode:` query, and uses no quota.
    @Test func aListedBarcodeIdentifiesWithNoModelCall() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let pipeline = ScanPipeline(environment: test.environment)
        let front = await pipeline.scan(try FixtureScans.cover("01", in: test.environment.home))
        #expect(front.status == .identified && front.identification?.method == .model)
        let (openAICalls, used) = (services.openAI.calls.count, try test.environment.keyring.status().scansUsed)

        let result = await pipeline.scan(try Self.sleeve(FixtureBarcodes.signalBloom, in: test.environment.home))

        #expect(result.status == .identified)
        #expect(result.identification == .init(calls: 0, searchGate: .notNeeded, method: .barcode))
        #expect(result.album?.title == "Signal Bloom")
        #expect(result.album?.barcode == FixtureBarcodes.signalBloom)
        #expect(result.album?.musicbrainzReleaseId == FixtureCatalog.albums[0].releaseID)
        #expect(result.review?.status == .cached)
        #expect(services.openAI.calls.count == openAICalls)
        #expect(Self.barcodeQueries(services) == ["barcode:5012345678900"])
        #expect(try test.environment.keyring.status().scansUsed == used)
        let scanId = try #require(result.scanId)
        let store = try await test.environment.store()
        let stored = try #require(try await store.scan(id: scanId))
        #expect(stored.method == .barcode && stored.calls == 0)
        #expect(stored.album.barcode == FixtureBarcodes.signalBloom)
        #expect(ScanResult(stored: stored).identification?.method == .barcode)
    }

    /// A fresh album: no identification call (only the review is asked for), artwork fetched for the exact release.
    @Test func aUPCStoredWithTwelveDigitsIsFoundByItsEANForm() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let result = await ScanPipeline(environment: test.environment).scan(
            try Self.sleeve("0036000291452", in: test.environment.home))
        #expect(result.status == .identified)
        #expect(result.identification?.method == .barcode)
        #expect(result.album?.title == "Apogee")
        #expect(result.album?.barcode == "036000291452")
        #expect(result.artwork?.status == .fetched)
        #expect(services.openAI.calls.filter(\.hasImage).isEmpty)
        #expect(Self.barcodeQueries(services) == ["barcode:(036000291452 OR 0036000291452)"])
        #expect(services.musicBrainz.searches.count == 1)
        #expect(try test.environment.keyring.status().scansUsed == 0)
    }

    /// A symbol with a wrong check digit is ignored: no `barcode:` query, and ID Call 1 runs as before.
    @Test func aBadCheckDigitIsIgnored() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        _ = await ScanPipeline(environment: test.environment).scan(try Self.sleeve("5012345678901", in: test.environment.home))
        #expect(Self.barcodeQueries(services).isEmpty)
        let calls = services.openAI.calls.filter(\.hasImage)
        #expect(calls.count == 1)
        #expect(calls.first?.userText == "Which album is this?")
    }

    /// A valid barcode MusicBrainz does not list falls through to Call 1, with the digits as a clue.
    @Test func anUnlistedBarcodeBecomesAClue() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        _ = await ScanPipeline(environment: test.environment).scan(
            try Self.sleeve(FixtureBarcodes.unlisted, in: test.environment.home))
        #expect(Self.barcodeQueries(services) == ["barcode:4006381333931"])
        let calls = services.openAI.calls.filter(\.hasImage)
        #expect(calls.count == 1)
        #expect(calls.first?.userText.contains("EAN-13 barcode 4006381333931") == true)
    }
}
