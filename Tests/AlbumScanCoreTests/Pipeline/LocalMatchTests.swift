import AlbumScanMatching
import AlbumScanTestSupport
import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

/// ID Call 0 and batch duplicates, end to end in-process, with requests counted at the fakes.
@Suite struct LocalMatchTests {
    /// A phone photo of fixture cover `prefix`: tilted, off-centre, on a grey table, warm cast, JPEG 70.
    /// `onTable` false frames the cover closely (the fake vision model then still knows it by its colour).
    static func phonePhoto(_ prefix: String, in folder: URL, name: String, onTable: Bool = true) throws -> URL {
        let album = try #require(FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) })
        let cover = try JPEGDecoder.decodeRGB(try album.cover(width: 768, height: 768), maxSide: nil, limits: ImageLimits())
        var shot = PhoneShot()
        shot.coverFraction = onTable ? 0.75 : 0.97
        shot.offset = (0.04, -0.03)
        shot.tiltDegrees = 8
        shot.tiltDirection = 30
        shot.rotationDegrees = 3
        shot.brightness = onTable ? 0.85 : 1
        shot.cast = onTable ? [1.1, 1.0, 0.9] : [1, 1, 1]
        shot.jpegQuality = 70
        let table = DecodedRGB(pixels: [UInt8](repeating: 128, count: 64 * 48 * 3), width: 64, height: 48)
        let photo = try shot.render(cover: cover, background: onTable ? table : cover)
        let file = folder.appendingPathComponent("\(name).jpg")
        try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 70).write(to: file)
        return file
    }

    @Test func aKnownAlbumFromAnotherPhotoIsMatchedLocallyWithNoModelCall() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let pipeline = ScanPipeline(environment: test.environment)
        let first = await pipeline.scan(try FixtureScans.cover("02", in: test.environment.home))
        #expect(first.verification.status == .verified)
        let (calls, used) = (services.openAI.calls.count, try test.environment.keyring.status().scansUsed)

        // A new process: the index comes from the store.
        let later = try TestEnvironment(services: services) { _ in }
        defer { later.remove() }
        try FileManager.default.removeItem(at: later.environment.home)
        try FileManager.default.copyItem(at: test.environment.home, to: later.environment.home)
        let photo = try Self.phonePhoto("02", in: later.environment.home, name: "table-shot")
        let again = await ScanPipeline(environment: later.environment).scan(photo)
        #expect(again.status == .identified)
        #expect(again.identification?.method == .local)
        #expect(again.identification?.calls == 0)
        #expect(again.album?.title == first.album?.title)
        #expect(again.verification.status == .verified)
        #expect(again.review?.status == .cached && again.artwork?.status == .cached)
        #expect(services.openAI.calls.count == calls, "no model request")
        #expect(try later.environment.keyring.status().scansUsed == used, "no quota used")
        let scanId = try #require(again.scanId)
        let stored = try await later.environment.store().scan(id: scanId)
        #expect(stored?.method == .local)
        let free = try await later.environment.store().freeScans(since: .distantPast)
        #expect(free[.local] == 1 && free[.duplicate] == 0, "account counts it as free")

        // --no-local pays as before.
        var paid = later.environment
        paid = paid.with { $0.localMatch = false }
        let sent = await ScanPipeline(environment: paid).scan(photo)
        #expect(sent.identification?.method == .model)
        #expect(services.openAI.calls.count > calls)
    }

    /// After an upgrade of the matcher, a stored album's descriptor of the older version is made again from its stored
    /// front image the first time a photo is compared with it, and saved: the library keeps working with no model call.
    @Test func anOutdatedDescriptorIsMadeAgainFromTheStoredFront() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let first = await ScanPipeline(environment: test.environment).scan(try FixtureScans.cover("02", in: test.environment.home))
        #expect(first.verification.status == .verified)
        let older = Data("AMD".utf8) + Data([MatchDescriptor.currentVersion - 1]) + Data(repeating: 7, count: 64)
        try await test.environment.store().database.write("ageing the descriptor") { db in
            try db.execute(sql: "UPDATE albums SET artworkDescriptor = ?", arguments: [older])
        }
        let calls = services.openAI.calls.count

        let later = try TestEnvironment(services: services) { _ in }
        defer { later.remove() }
        try FileManager.default.removeItem(at: later.environment.home)
        try FileManager.default.copyItem(at: test.environment.home, to: later.environment.home)
        let again = await ScanPipeline(environment: later.environment).scan(
            try Self.phonePhoto("02", in: later.environment.home, name: "table-shot"))
        #expect(again.identification?.method == .local)
        #expect(again.verification.status == .verified)
        #expect(services.openAI.calls.count == calls, "no model request")
        let stored = try await later.environment.store().database.read("reading the descriptor") { db in
            try Data.fetchOne(db, sql: "SELECT artworkDescriptor FROM albums")
        }
        #expect(stored.flatMap(MatchDescriptor.init(data:)) != nil, "saved in the current version")
    }

    /// A new library has nothing to match: Call 0 does not wait for the photo's words (its features are left to the
    /// artwork check, off the way to Call 1); once an album is in it, the photo is ranked.
    @Test func anEmptyLibraryIsNotRanked() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let ranked = LockedValue(0)
        var environment = test.environment
        let live = environment.matcher
        environment.matcher.photoWords = { photo in
            ranked.withLock { $0 += 1 }
            return live.photoWords(photo)
        }
        let pipeline = ScanPipeline(environment: environment)
        let first = await pipeline.scan(try FixtureScans.cover("02", in: test.environment.home))
        #expect(first.verification.status == .verified)
        #expect(ranked.current == 0)
        _ = await pipeline.scan(try Self.phonePhoto("12", in: test.environment.home, name: "other"))
        #expect(ranked.current == 1)
    }

    /// An album of the library that cannot be read is not compared, and the scan says so: the photo goes to the
    /// model, which costs a call the library would have saved.
    @Test func anUnreadableAlbumOfTheLibraryIsReported() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let pipeline = ScanPipeline(environment: test.environment)
        let first = await pipeline.scan(try FixtureScans.cover("02", in: test.environment.home))
        let mbid = try #require(first.album?.musicbrainzReleaseId)
        #expect(first.verification.status == .verified)
        try await test.environment.store().database.write("damaging the album") { db in
            try db.execute(sql: "UPDATE albums SET genres = 'not json' WHERE mbid = ?", arguments: [mbid])
        }
        let again = await pipeline.scan(try Self.phonePhoto("02", in: test.environment.home, name: "table-shot"))
        #expect(again.identification?.method == .model)
        let reported = again.diagnostics.filter { $0.code == .cacheNotRead }
        #expect(reported.count == 1, "\(again.diagnostics)")
        #expect(reported.allSatisfy { $0.stage == .local && $0.message.contains(mbid) })
    }

    @Test func anotherAlbumsPhotoIsNotMatchedLocally() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let pipeline = ScanPipeline(environment: test.environment)
        _ = await pipeline.scan(try FixtureScans.cover("02", in: test.environment.home))
        let calls = services.openAI.calls.count
        let other = await pipeline.scan(try Self.phonePhoto("12", in: test.environment.home, name: "other"))
        #expect(other.identification?.method == .model)
        #expect(services.openAI.calls.count > calls)
    }

    @Test func aBatchWithTheSameCoverTwiceMakesOneCallOne() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        services.setLatency(musicBrainz: .milliseconds(300))
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let files = [
            try FixtureScans.cover("05", in: test.environment.home, name: "first"),
            try Self.phonePhoto("05", in: test.environment.home, name: "second", onTable: false),
        ]
        let pipeline = ScanPipeline(environment: test.environment)
        let results = await withTaskGroup(of: ScanResult.self) { group in
            for file in files { group.addTask { await pipeline.scan(file) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == .identified })
        #expect(services.openAI.calls.filter(\.hasImage).count == 1, "one Call 1")
        let follower = try #require(results.first { $0.identification?.method == .duplicate })
        #expect(follower.identification?.calls == 0)
        let leader = try #require(results.first { $0.identification?.method == .model })
        #expect(follower.identification?.duplicateOf == leader.file)
        #expect(follower.scanId != nil, "the duplicate has its own scan row")
        #expect(try test.environment.keyring.status().scansUsed == 1)
    }
}
