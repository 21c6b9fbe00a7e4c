import AlbumScanMatching
import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

/// ID Call 0 over a library: a phone photo of one of 50 stored albums is found by the visual-word index and verified,
/// with no model call; a photo of a cover not in the library is not answered locally.
@Suite struct LocalMatchLibraryTests {
    static let albums = 50

    @Test func aPhotoOfOneOfFiftyStoredAlbumsIsAnsweredLocally() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        // Covers of a corpus-free set (synthetic imagery), one seed for the library and its photos.
        let set = MatchEvalSet(
            imagery: MatchEvalSet.syntheticImagery(), seed: 61, sameCount: Self.albums, differentCount: 2)
        // Photos of every fifth album only (rendering a phone photo is most of this test's time).
        let pairs = try (0..<Self.albums).map { try set.pair($0, renderingPhoto: $0 % 5 == 0) }
        let scans = pairs.enumerated().map { index, pair in
            StoredAlbums.scan(index, name: "Test", descriptor: MatchDescriptor(image: pair.candidate).data)
        }
        try await StoredAlbums.save(scans, in: test.environment.store())
        // Every fifth album's photo: most are answered locally (8 of these 10 synthetic flat covers: flat art under
        // glare gives the photo's features little to hold on to), and every local answer names the right album; a
        // photo not answered locally pays for Call 1 (unless the quality check stops it first), never for another
        // album.
        let pipeline = ScanPipeline(environment: test.environment)
        var (local, paid) = (0, 0)
        for index in stride(from: 0, to: Self.albums, by: 5) {
            let photo = pairs[index].photo
            let file = test.environment.home.appendingPathComponent("shot-\(index).jpg")
            try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 85).write(to: file)
            let result = await pipeline.scan(file)
            guard result.identification?.method == .local else {
                if result.identification?.method == .model { paid += 1 }
                continue
            }
            local += 1
            #expect(result.album?.title == "Test Album \(index)")
            #expect(result.verification.status == .verified)
        }
        #expect(local >= 6, "\(local) of 10 photos answered locally")
        #expect(services.openAI.calls.count == paid, "a model request only for photos not answered locally")

        // A cover that is not in the library goes to the model.
        let outside = try set.pair(Self.albums).photo
        let file = test.environment.home.appendingPathComponent("outside.jpg")
        try JPEGEncoder.encodeRGB(outside.pixels, width: outside.width, height: outside.height, quality: 85).write(to: file)
        let result = await pipeline.scan(file)
        #expect(result.identification?.method != .local)
    }

    /// An upgrade: albums stored before the retrieval index (or under another vocabulary) have no words of this one;
    /// the first Call 0 makes them from the stored descriptors, saves them, and finds the album.
    @Test func albumsWithoutWordsGetThemFromTheirStoredDescriptors() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let set = MatchEvalSet(imagery: MatchEvalSet.syntheticImagery(), seed: 62, sameCount: 6, differentCount: 0)
        let saved = try (0..<6).map { index in
            StoredAlbums.scan(index, name: "Test", descriptor: MatchDescriptor(image: try set.pair(index, renderingPhoto: false).candidate).data)
        }
        let store = try await test.environment.store()
        try await StoredAlbums.save(saved, in: store)
        try store.database.write("forgetting the words") { db in
            try db.execute(sql: "UPDATE albums SET retrievalWords = NULL")
            try db.execute(sql: "UPDATE albums SET retrievalWords = X'00' WHERE id = 1")
            // Words of the shipped vocabulary stored without their places (the layout before the spatial check).
            try db.execute(sql: "UPDATE albums SET retrievalWords = X'0164000500' WHERE id = 2")
        }
        let photo = try set.pair(4).photo
        let file = test.environment.home.appendingPathComponent("shot.jpg")
        try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 85).write(to: file)
        let result = await ScanPipeline(environment: test.environment).scan(file)
        #expect(result.identification?.method == .local)
        #expect(result.album?.title == "Test Album 4")
        let words = try await store.run { try $0.retrievalWords() }
        #expect(words.count == 6)
        #expect(words.allSatisfy { $0.words.flatMap { CoverWords(data: [UInt8]($0)) } != nil }, "saved in this vocabulary")
    }
}
