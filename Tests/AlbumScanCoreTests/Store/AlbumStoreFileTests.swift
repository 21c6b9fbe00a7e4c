import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Store: file size and concurrency")
struct AlbumStoreFileTests {
    @Test func rescanOfKnownAlbumAddsUnderTwoKilobytes() throws {
        // Given a database holding one scan of an album with its artwork and review
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.saveArtwork(StoreFixture.artwork, mbid: try #require(StoreFixture.okComputer.musicbrainzReleaseId))
        try store.saveReview(
            StoreFixture.review, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o",
            promptHash: "p", at: StoreFixture.epoch)
        _ = try store.saveScan(StoreFixture.newScan())
        let before = try fixture.checkpointedSize(store)
        // When the album is scanned again many times (averaging out SQLite's 4 KB page steps)
        let rescans = 200
        for index in 0..<rescans {
            _ = try store.saveScan(StoreFixture.newScan(at: StoreFixture.epoch.addingTimeInterval(Double(index))))
        }
        let after = try fixture.checkpointedSize(store)
        // Then each re-scan added less than 2 KB
        let perScan = Double(after - before) / Double(rescans)
        #expect(perScan < 2048, "a re-scan added \(perScan) bytes")
        #expect(perScan > 0)
    }

    @Test func twoStoresWritingFromManyThreadsLoseNoRow() throws {
        // Given two stores open on the same file
        let fixture = try StoreFixture()
        let stores = [try fixture.open(), try fixture.open()]
        let failures = StoreTestCollector<String>()
        let ids = StoreTestCollector<Int64>()
        let threads = 6
        let perThread = 20
        // When six threads each save twenty scans, alternating between the stores
        onThreads(threads) { thread in
            for index in 0..<perThread {
                let store = stores[(thread + index) % stores.count]
                let album = Album(artist: "Artist \(index % 3)", title: "Title", musicbrainzReleaseId: "mbid-\(index % 3)")
                do {
                    ids.append(try store.saveScan(StoreFixture.newScan(album: album)))
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        // Then every scan is stored once, with one album row per release
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
        #expect(Set(ids.items).count == threads * perThread)
        #expect(try stores[0].scanCount() == threads * perThread)
        let albums = try stores[1].writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM albums") }
        #expect(albums == 3)
    }

    @Test func storesOpenedAtOnceOnAFreshFileAllMigrate() async throws {
        // Given a path with no database yet
        let fixture = try StoreFixture()
        let path = fixture.path
        let environment = AppEnvironment(
            settings: Settings(), home: URL(fileURLWithPath: path).deletingLastPathComponent(), transport: NoTransport())
        // When four scans open it at the same moment (waiting out another's switch to WAL) and each save a scan
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do {
                        _ = try await AlbumStore.open(path: path, environment: environment).saveScan(StoreFixture.newScan())
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return try await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
        }
        // Then none failed and all four scans are there
        #expect(failures.isEmpty, "\(failures)")
        #expect(try fixture.open().scanCount() == 4)
    }
}
