import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Store: caches and usage")
struct AlbumStoreCacheTests {
    @Test func reviewCacheRoundTrips() throws {
        // Given a fresh database
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect(try store.review(key: AlbumKey(artist: "radiohead", title: "ok computer")) == nil)
        // When a review is cached, then replaced
        try store.saveReview(
            StoreFixture.review, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o",
            promptHash: "p1", at: StoreFixture.epoch)
        let first = try store.review(key: AlbumKey(artist: "radiohead", title: "ok computer"))
        var newer = StoreFixture.review
        newer.rating = 9.0
        newer.sources = []
        try store.saveReview(
            newer, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o-search-preview",
            promptHash: "p2", at: StoreFixture.epoch)
        // Then each read returns the review last saved under the key, and other keys miss
        #expect(first == StoreFixture.review)
        #expect(try store.review(key: AlbumKey(artist: "radiohead", title: "ok computer")) == newer)
        #expect(try store.review(key: AlbumKey(artist: "radiohead", title: "kid a")) == nil)
    }

    @Test(arguments: [
        CachedRelease(mbid: "m1", releaseGroupId: "g1", title: "OK Computer", artist: "Radiohead", date: "1997-05-21"),
        CachedRelease.miss,
    ])
    func releaseCacheRoundTrips(release: CachedRelease) throws {
        let store = try StoreDatabase.inMemory()
        #expect(try store.cachedRelease(key: AlbumKey(artist: "radiohead", title: "ok computer")) == nil)
        try store.saveRelease(release, key: AlbumKey(artist: "radiohead", title: "ok computer"), at: StoreFixture.epoch)
        let cached = try #require(try store.cachedRelease(key: AlbumKey(artist: "radiohead", title: "ok computer")))
        #expect(cached == release)
        #expect(cached.isMiss == (release.mbid == nil))
    }

    @Test func usageTotalsPerModelSince() throws {
        // Given calls last month and this month
        let store = try StoreDatabase.inMemory()
        let monthStart = StoreFixture.epoch
        try store.recordUsage(
            model: "gpt-4o", promptTokens: 999, completionTokens: 999,
            at: monthStart.addingTimeInterval(-1))
        try store.recordUsage(model: "gpt-4o", promptTokens: 1000, completionTokens: 200, at: monthStart)
        try store.recordUsage(
            model: "gpt-4o", promptTokens: 500, completionTokens: 100,
            at: monthStart.addingTimeInterval(60))
        try store.recordUsage(
            model: "gpt-4o-search-preview", promptTokens: 300, completionTokens: 50,
            at: monthStart.addingTimeInterval(90))
        // When this month's usage is read
        let usage = try store.usage(since: monthStart)
        // Then it sums per model and leaves out older calls
        #expect(
            usage == [
                ModelUsage(model: "gpt-4o", promptTokens: 1500, completionTokens: 300, calls: 2),
                ModelUsage(model: "gpt-4o-search-preview", promptTokens: 300, completionTokens: 50, calls: 1),
            ])
    }

    @Test func artworkMissIsNil() throws {
        let store = try StoreDatabase.inMemory()
        #expect(try store.artwork(mbid: "none") == nil)
    }
}
