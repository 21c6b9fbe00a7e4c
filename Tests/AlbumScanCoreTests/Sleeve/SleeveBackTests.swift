import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The back of the sleeve (DESIGN wave 5), in process against the fakes: a front scanned with its back, and a saved
/// scan pinned by a back, with model calls counted at the fake.
@Suite struct SleeveBackTests {
    static func back(_ digits: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("back-\(digits).jpg")
        try BarcodeSleeve.jpeg(digits: digits).write(to: file)
        return file
    }

    /// Reads a generated back carrying the barcode `digits`.
    static func readBack(_ digits: String, in test: TestEnvironment) async throws -> SleeveBack {
        try await SleeveBack.read(InputPath(try back(digits, in: test.environment.home)), environment: test.environment)
    }

    /// Scans fixture cover `prefix` into `test`'s home: the result, the store, and the scan as the store keeps it.
    static func saved(_ prefix: String, in test: TestEnvironment) async throws
        -> (scanned: ScanResult, store: AlbumStore, stored: StoredScan)
    {
        let scanned = await ScanPipeline(environment: test.environment)
            .scan(try FixtureScans.cover(prefix, in: test.environment.home))
        let store = try await test.environment.store()
        let id = try #require(scanned.scanId)
        let stored = try #require(try await store.scan(id: id))
        return (scanned, store, stored)
    }

    /// Identification calls: the ones that carry a photo.
    static func identificationCalls(_ services: FakeServices) -> Int { services.openAI.calls.filter(\.hasImage).count }

    @Test func aFrontWithItsBackIsIdentifiedByTheBacksBarcodeWithNoIdentificationCall() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let home = test.environment.home
        let (front, back) = (try FixtureScans.cover("01", in: home), try Self.back(FixtureBarcodes.signalBloom, in: home))

        let result = await ScanPipeline(environment: test.environment)
            .ready(InputPath(front), back: InputPath(back)).finish()

        #expect(result.status == .identified, "\(String(describing: result.error))")
        #expect(result.identification == .init(calls: 0, searchGate: .notNeeded, method: .barcode))
        #expect(result.album?.musicbrainzReleaseId == FixtureCatalog.albums[0].releaseID)
        #expect(result.album?.barcode == FixtureBarcodes.signalBloom && result.album?.sources.barcode == .back)
        #expect(result.file == front.path)
        #expect(Self.identificationCalls(services) == 0, "no identification call for the front")
        // The album is new to this home: its review is the one model call.
        #expect(services.openAI.calls.count == 1 && result.review?.status == .generated)
        #expect(try test.environment.keyring.status().scansUsed == 0)
    }

    @Test func aBackPinsASavedScanToItsReleaseAsACorrection() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let (scanned, store, before) = try await Self.saved("01", in: test)
        let id = before.id
        #expect(scanned.identification?.method == .model && scanned.album?.barcode == nil)
        let calls = services.openAI.calls.count

        let back = try await Self.readBack(FixtureBarcodes.signalBloom, in: test)
        let pinned = try await SleevePinner(environment: test.environment, store: store).pin(before, back: back)

        #expect(pinned.scanId == id && pinned.version == before.version + 1)
        #expect(pinned.album?.musicbrainzReleaseId == FixtureCatalog.albums[0].releaseID)
        #expect(pinned.album?.barcode == FixtureBarcodes.signalBloom && pinned.album?.sources.barcode == .back)
        #expect(services.openAI.calls.count == calls, "the album's review is cached: no model call at all")
        let changes = try #require(try await store.run { try $0.changes(scanId: id) })
        let last = try #require(changes.last)
        #expect(last.version == before.version + 1 && last.door == "cli")
        let barcode = try #require(last.fields.first { $0.field == "barcode" })
        #expect(barcode.old == nil && barcode.new == FixtureBarcodes.signalBloom)
        let sources = try #require(last.fields.first { $0.field == "albumSources" })
        #expect(sources.old?.contains("\"barcode\"") == false, "\(sources)")
        #expect(sources.new?.contains("\"barcode\":\"back\"") == true, "\(sources)")
    }

    @Test func aBackOfAnotherAlbumChangesNothingAndNamesIt() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let (_, store, before) = try await Self.saved("07", in: test)
        let id = before.id
        let back = try await Self.readBack(FixtureBarcodes.signalBloom, in: test)

        let other = FixtureCatalog.albums[0]
        await #expect(
            throws: AlbumScanError.differentAlbum(
                DifferentAlbum(artist: other.artist, title: other.title, musicbrainzReleaseId: other.releaseID))
        ) {
            try await SleevePinner(environment: test.environment, store: store).pin(before, back: back)
        }
        #expect(try await store.scan(id: id) == before, "nothing changed")
        #expect(
            AlbumScanError.differentAlbum(.init(artist: "A", title: "T", musicbrainzReleaseId: "m")).code == "different-album")
    }

    @Test func aBackWithNoBarcodeSaysToPhotographTheBarcode() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let front = try FixtureScans.cover("12", in: test.environment.home)
        do {
            _ = try await SleeveBack.read(InputPath(front), environment: test.environment)
            Issue.record("a cover with no barcode was read as a back")
        } catch let error as AlbumScanError {
            #expect(error.code == "no-barcode" && error.message.contains("photograph the barcode"), "\(error.message)")
        }
        // With a front, the pair ends before anything is asked: no model call, nothing saved.
        let pair = await ScanPipeline(environment: test.environment).ready(InputPath(front), back: InputPath(front)).finish()
        #expect(pair.status == .failed && pair.error?.code == "no-barcode" && pair.scanId == nil)
        #expect(services.openAI.calls.isEmpty)
    }

    @Test func anUnlistedBarcodeChangesNothing() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let (_, store, before) = try await Self.saved("01", in: test)
        let back = try await Self.readBack(FixtureBarcodes.unlisted, in: test)
        do {
            _ = try await SleevePinner(environment: test.environment, store: store).pin(before, back: back)
            Issue.record("an unlisted barcode pinned a release")
        } catch let error as AlbumScanError {
            #expect(error.code == "unknown-barcode" && error.message.contains(FixtureBarcodes.unlisted))
        }
        #expect(try await store.scan(id: before.id) == before)
    }

    /// A front scanned before, sent again with its back (skipping scanned photos, as `scan` does): that scan is
    /// pinned, in place, with no model call; sent again once more, it is skipped.
    @Test func aFrontScannedBeforeIsPinnedByItsBack() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let home = test.environment.home
        let pipeline = ScanPipeline(environment: test.environment.with { $0.skipScanned = true })
        let front = try FixtureScans.cover("01", in: home)
        let first = await pipeline.scan(front)
        let calls = services.openAI.calls.count

        let again = await pipeline.ready(InputPath(front), back: InputPath(try Self.back(FixtureBarcodes.signalBloom, in: home)))
            .finish()

        #expect(again.status == .identified && again.scanId == first.scanId && again.version == 2)
        #expect(again.album?.sources.barcode == .back)
        #expect(again.identification?.method == .model, "pinned by a correction, not scanned again")
        #expect(services.openAI.calls.count == calls)

        // A re-run of the pair: already pinned, so skipped as any scanned photo is.
        let rerun = await pipeline.ready(
            InputPath(front), back: InputPath(try Self.back(FixtureBarcodes.signalBloom, in: home))
        ).finish()
        #expect(rerun.skipped?.reason == .alreadyScanned && rerun.skipped?.scanId == first.scanId, "\(rerun)")
    }

    /// The back names another edition of the album (a cassette, where the front's photo found the LP): the scan moves
    /// to that release, and its catalogue number, format, country and Discogs ids follow it, over what the front showed.
    @Test func aBackOfAnotherEditionMovesTheEditionsFactsToIt() async throws {
        let album = FixtureCatalog.editionReadable
        let services = try FixtureWorld.start(albums: FixtureCatalog.editionAlbums)
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let front = test.environment.home.appendingPathComponent("front.jpg")
        try album.cover(width: 900, height: 900).write(to: front)
        let scanned = await ScanPipeline(environment: test.environment).scan(front)
        let cassette = try #require(album.editions.first { $0.name == "gb-cass" })
        let (cassetteId, digits) = (album.releaseID(of: cassette), "5012345000312")
        #expect(scanned.status == .identified && scanned.album?.musicbrainzReleaseId != cassetteId)
        #expect(scanned.album?.discogs.releaseIds.isEmpty == false, "the LP's Discogs ids")
        var listed = MBRelease(
            id: cassetteId, score: 100, title: album.title, artist: album.artist, date: cassette.date,
            country: cassette.country, label: album.label, catalogNumber: cassette.catalogNumber,
            releaseGroupId: album.releaseGroupID, format: cassette.format)
        listed.barcode = digits
        let hit = listed
        services.musicBrainz.respond { query, _ in
            query.hasPrefix("barcode:") ? MBReleaseList.response([hit]) : MBReleaseList.empty
        }
        let store = try await test.environment.store()
        let id = try #require(scanned.scanId)
        let before = try #require(try await store.scan(id: id))

        let back = try await SleeveBack.read(
            InputPath(try Self.back(digits, in: test.environment.home)), environment: test.environment)
        let pinned = try await SleevePinner(environment: test.environment, store: store).pin(before, back: back)

        let after = try #require(pinned.album)
        #expect(after.musicbrainzReleaseId == cassetteId)
        #expect(after.edition.catalogNumber == cassette.catalogNumber && after.sources.catalogNumber == .musicbrainz)
        #expect(after.edition.country == "GB" && after.edition.format == "Cassette")
        #expect(after.barcode == digits && after.sources.barcode == .back)
        #expect(after.discogs.releaseIds.isEmpty, "MusicBrainz links the cassette to no Discogs release")
        #expect(pinned.version == before.version + 1)
    }

    /// The scan's release is gone from MusicBrainz (404): the album is judged by its names, and a back of another
    /// album is still refused.
    @Test func aScanWhoseReleaseIsGoneIsJudgedByItsNames() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let (_, store, before) = try await Self.saved("07", in: test)
        let id = before.id
        services.musicBrainz.respondToLookups { _, _ in MBRelease.notFound }
        let back = try await Self.readBack(FixtureBarcodes.signalBloom, in: test)
        do {
            _ = try await SleevePinner(environment: test.environment, store: store).pin(before, back: back)
            Issue.record("a back of another album pinned a scan whose release is gone")
        } catch let error as AlbumScanError {
            #expect(error.code == "different-album", "\(error.message)")
        }
        #expect(try await store.scan(id: id) == before)
    }

    /// A small barcode in a large photo (2 px a module in 2,400 px) is lost at the upload's size and read in the photo
    /// as taken; a back the size of the upload is read at once.
    @Test(arguments: [(2_400, 2), (900, 3)])
    func aSmallBarcodeInALargePhotoIsRead(side: Int, moduleWidth: Int) async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let jpeg = try BarcodeSleeve.jpeg(digits: FixtureBarcodes.signalBloom, side: side, moduleWidth: moduleWidth)
        let back = try await SleeveBack.read(jpeg, name: "back.jpg", environment: test.environment)
        #expect(back.barcodes.map(\.digits) == [FixtureBarcodes.signalBloom])
    }
}
