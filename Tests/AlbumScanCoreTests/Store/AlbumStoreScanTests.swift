import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

@Suite("Store: scans")
struct AlbumStoreScanTests {
    @Test func savedScanReadsBackEqual() throws {
        // Given a fresh database holding the album's review
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.saveReview(
            StoreFixture.review, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o",
            promptHash: "p", at: StoreFixture.epoch)
        let new = StoreFixture.newScan()
        // When a scan is saved and read back
        let id = try store.saveScan(new)
        let stored = try #require(try store.scan(id: id))
        // Then every field comes back as saved, with the review joined in
        let expected = StoredScan(
            id: id, scannedAt: new.scannedAt, fileName: new.fileName, inputSha256: new.inputSha256,
            tier: new.tier, calls: new.calls, searchGate: new.searchGate, album: new.album,
            artworkStatus: new.artworkStatus, artworkURL: new.artworkURL, reviewStatus: new.reviewStatus,
            reviewKey: new.reviewKey, review: StoreFixture.review, promptHash: new.promptHash,
            timings: new.timings)
        #expect(stored == expected)
        #expect(try store.scanCount() == 1)
    }

    @Test func scanWithUnavailableReviewAndArtworkHasNeither() throws {
        let store = try StoreDatabase.inMemory()
        let new = StoreFixture.newScan(reviewStatus: .unavailable, reviewKey: nil, artworkStatus: .unavailable)
        let id = try store.saveScan(new)
        let stored = try #require(try store.scan(id: id))
        #expect(stored.review == nil)
        #expect(stored.artworkURL == nil)
        #expect(try store.thumbnail(scanId: id) == nil)
    }

    @Test func unknownScanIsNil() throws {
        let store = try StoreDatabase.inMemory()
        #expect(try store.scan(id: 42) == nil)
    }

    @Test func deletedScanIsGone() throws {
        // Given two saved scans
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try store.saveScan(StoreFixture.newScan())
        let second = try store.saveScan(StoreFixture.newScan())
        // When the first is deleted
        #expect(try store.deleteScan(id: first))
        // Then it cannot be read, a second delete finds nothing, and the other scan remains
        #expect(try store.scan(id: first) == nil)
        #expect(try store.deleteScan(id: first) == false)
        #expect(try store.scan(id: second) != nil)
        #expect(try store.scanCount() == 1)
    }

    @Test func artworkIsStoredOncePerAlbum() throws {
        // Given artwork stored for a release
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let mbid = try #require(StoreFixture.okComputer.musicbrainzReleaseId)
        try store.saveArtwork(StoreFixture.artwork, mbid: mbid)
        // When two scans of that release are saved
        let first = try store.saveScan(StoreFixture.newScan())
        let second = try store.saveScan(StoreFixture.newScan())
        // Then one album row and one artwork row serve both scans
        let counts = try store.writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM artwork"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM albums"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scans")
            )
        }
        #expect(counts.0 == 1 && counts.1 == 1 && counts.2 == 2)
        #expect(try store.thumbnail(scanId: first) == StoreFixture.artwork.thumbnail)
        #expect(try store.thumbnail(scanId: second) == StoreFixture.artwork.thumbnail)
        #expect(try store.artwork(mbid: mbid) == StoreFixture.artwork)
    }

    @Test(
        arguments: [
            (Album(artist: "A", title: "T", musicbrainzReleaseId: "m1"), "k1", "mbid:m1"),
            (Album(artist: "A", title: "T"), "k1", "key:a|t"),
            (Album(artist: " The A ", title: "T (Deluxe Edition)"), nil, "key:a|t"),
            (Album(artist: "Ed Sheeran", title: "÷"), nil, "key:ed sheeran|÷"),
        ] as [(Album, String?, String)])
    func albumsDedupeByMbidElseAlbumKey(album: Album, reviewKey: String?, expected: String) {
        #expect(StoreFixture.newScan(album: album, reviewKey: reviewKey).albumDedupeKey == expected)
    }

    @Test func rescanKeepsKnownAlbumFieldsAndTakesNewOnes() throws {
        let store = try StoreDatabase.inMemory()
        _ = try store.saveScan(StoreFixture.newScan())
        var sparse = StoreFixture.okComputer
        sparse.label = nil
        sparse.genres = []
        sparse.year = "1998"
        let id = try store.saveScan(StoreFixture.newScan(album: sparse))
        let album = try #require(try store.scan(id: id)).album
        #expect(album.label == "Parlophone" && album.genres == StoreFixture.okComputer.genres)
        #expect(album.year == "1998")
    }
}
