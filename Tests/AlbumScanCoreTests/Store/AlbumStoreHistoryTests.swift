import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Store: history")
struct AlbumStoreHistoryTests {
    /// Saves `count` scans of distinct albums, a minute apart; returns their ids in save order.
    private func seed(_ store: StoreDatabase, count: Int) throws -> [Int64] {
        try (0..<count).map { index in
            let album = Album(artist: "Artist \(index)", title: "Title \(index)", year: "200\(index)")
            return try store.saveScan(
                StoreFixture.newScan(
                    album: album, at: StoreFixture.epoch.addingTimeInterval(Double(index) * 60),
                    reviewKey: "key \(index)"))
        }
    }

    @Test func historyIsNewestFirst() throws {
        // Given three scans saved in order
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let ids = try seed(store, count: 3)
        // When the history is read
        let items = try store.history(limit: 10)
        // Then the newest comes first
        #expect(items.map(\.id) == ids.reversed())
        #expect(items.map(\.album.title) == ["Title 2", "Title 1", "Title 0"])
        #expect(items.first?.scannedAt == StoreFixture.epoch.addingTimeInterval(120))
    }

    @Test(arguments: [1, 2, 3, 5, 7])
    func pagesCoverEveryScanOnce(pageSize: Int) throws {
        // Given seven scans
        let store = try StoreDatabase.inMemory()
        let ids = try seed(store, count: 7)
        // When the history is paged with the last id of each page as the next cursor
        var seen: [Int64] = []
        var cursor: Int64?
        while true {
            let page = try store.history(limit: pageSize, before: cursor)
            #expect(page.count <= pageSize)
            guard let last = page.last else { break }
            seen += page.map(\.id)
            cursor = last.id
        }
        // Then every scan appears exactly once, newest first
        #expect(seen == ids.reversed())
    }

    @Test func historyCarriesReviewAndArtworkFacts() throws {
        // Given a reviewed scan with stored artwork and a scan whose review failed
        let store = try StoreDatabase.inMemory()
        let mbid = try #require(StoreFixture.okComputer.musicbrainzReleaseId)
        try store.saveArtwork(StoreFixture.artwork, mbid: mbid)
        try store.saveReview(
            StoreFixture.review, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o",
            promptHash: "p", at: StoreFixture.epoch)
        _ = try store.saveScan(StoreFixture.newScan())
        let bare = Album(artist: "Nobody", title: "Nothing")
        _ = try store.saveScan(
            StoreFixture.newScan(
                album: bare, reviewStatus: .unavailable, reviewKey: "nobody|nothing",
                artworkStatus: .unavailable))
        // When the history is read
        let items = try store.history(limit: 10)
        // Then the reviewed scan shows its badge and art, the other shows neither
        #expect(items.count == 2)
        #expect(items[0].recommendation == nil && items[0].rating == nil && !items[0].hasArtwork)
        #expect(items[1].recommendation == "Essential Classic" && items[1].rating == 9.5)
        #expect(items[1].hasArtwork)
        #expect(items[1].album == StoreFixture.okComputer)
    }

    @Test func emptyHistoryIsEmpty() throws {
        let store = try StoreDatabase.inMemory()
        #expect(try store.history(limit: 20).isEmpty)
        #expect(try store.scanCount() == 0)
    }
}
