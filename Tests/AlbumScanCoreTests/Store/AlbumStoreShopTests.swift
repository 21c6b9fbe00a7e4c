import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

@Suite("Store: shop fields and catalogue")
struct AlbumStoreShopTests {
    static let shop = ShopFields(
        mediaCondition: "Near Mint (NM or M-)", sleeveCondition: "No Cover", location: "Bin 4", sku: "SKU-1",
        comments: "still sealed", price: "19.99")

    @Test func aScanKeepsItsShopFieldsAndTheAlbumItsCatalogue() throws {
        // Given a scan saved with shop fields, of an album whose edition is known
        let store = try StoreDatabase.inMemory()
        var scan = StoreFixture.newScan()
        scan.shop = Self.shop
        scan.album.edition = Edition(catalogNumber: "NODATA 02", format: "LP", country: "GB")
        scan.album.discogs = DiscogsLink(releaseIds: [83182, 1234567], source: .link)
        let id = try store.saveScan(scan)
        // When it is read back every way
        let stored = try #require(try store.scan(id: id))
        let row = try #require(try store.exportRows(limit: 10).first)
        let page = try #require(try store.historyScans(limit: 10).first)
        // Then each carries them
        #expect(stored.shop == Self.shop && row.shop == Self.shop && page.shop == Self.shop)
        for album in [stored.album, row.album, page.album] {
            #expect(album.catalogNumber == "NODATA 02" && album.format == "LP" && album.country == "GB")
            #expect(album.discogs.releaseIds == [83182, 1234567] && album.discogsReleaseId == 83182)
            #expect(album.discogs.source == .link)
        }
    }

    @Test func aRescanWithoutCatalogueKeepsWhatTheAlbumHad() throws {
        // Given an album saved with its Discogs ids
        let store = try StoreDatabase.inMemory()
        var first = StoreFixture.newScan()
        first.album.edition = Edition(catalogNumber: "X1")
        first.album.discogs = DiscogsLink(releaseIds: [5], source: .search)
        _ = try store.saveScan(first)
        // When it is scanned again with none known
        let second = try store.saveScan(StoreFixture.newScan())
        // Then the album keeps them, and the second scan has no shop fields of its own
        let stored = try #require(try store.scan(id: second))
        #expect(stored.album.catalogNumber == "X1" && stored.album.discogs.releaseIds == [5])
        #expect(stored.album.discogs.source == .search && stored.shop == .none)
    }

    /// Links a scan left pending: a fill records what it learned on the scans it was asked for (and in the release
    /// cache, which a later scan copies), never on another scan of the release; a later pending scan never undoes
    /// what the cache knows, and a scan that learned there are none shows none.
    @Test func pendingLinksAreKeptUntilSettledAndNeverUndoWhatIsKnown() throws {
        // Given two scans saved with their links pending
        let store = try StoreDatabase.inMemory()
        var pending = StoreFixture.newScan()
        pending.album.discogs = .pending
        let first = try store.saveScan(pending)
        let mbid = try #require(pending.album.musicbrainzReleaseId)
        // Then they read back pending, and the fill finds their album once
        #expect(try store.scan(id: first)?.album.discogs == .pending)
        #expect(try store.exportRows(limit: 10).first?.album.discogs == .pending)
        let second = try store.saveScan(pending)
        #expect(try store.pendingLinkAlbums(scanIds: [second, first, 99]).map(\.musicbrainzReleaseId) == [mbid])
        #expect(try store.pendingLinkAlbums(scanIds: []).isEmpty)
        // When the fill records the links for the first scan only
        #expect(try store.settleLinks(DiscogsLink(releaseIds: [7], source: .link), mbid: mbid, scanIds: [first]))
        #expect(try store.scan(id: first)?.album.discogs == DiscogsLink(releaseIds: [7], source: .link))
        #expect(try store.pendingLinkAlbums(scanIds: [first]).isEmpty)
        // Then the second scan still shows its own pending links
        #expect(try store.scan(id: second)?.album.discogs == .pending)
        // And a later pending scan copies what the cache learned; a second fill changes nothing settled
        let third = try store.saveScan(pending)
        #expect(try store.scan(id: third)?.album.discogsReleaseId == 7)
        #expect(!(try store.settleLinks(DiscogsLink(releaseIds: [8], source: .link), mbid: mbid, scanIds: [first, third])))
        #expect(!(try store.settleLinks(.pending, mbid: mbid, scanIds: [second])))
        #expect(try store.scan(id: first)?.album.discogsReleaseId == 7)

        // Given another album pending, a later scan that learned it links none shows none; the first stays pending
        var other = StoreFixture.newScan(album: Album(artist: "B", title: "C", musicbrainzReleaseId: "mbid-other"))
        other.album.discogs = .pending
        let otherId = try store.saveScan(other)
        other.album.discogs = .none
        let laterId = try store.saveScan(other)
        #expect(try store.scan(id: laterId)?.album.discogs == DiscogsLink.none)
        #expect(try store.scan(id: otherId)?.album.discogs == .pending)
        #expect(try store.pendingLinkAlbums(scanIds: [laterId]).isEmpty)
    }

    @Test func discogsIdsWrittenStraightIntoTheColumnAreRead() throws {
        // Given ids written by SQL
        let store = try StoreDatabase.inMemory()
        let id = try store.saveScan(StoreFixture.newScan())
        try store.write("test") { db in
            try db.execute(sql: #"UPDATE scans SET discogsReleaseIds = '[42, 43]', discogsIdSource = 'link'"#)
        }
        // Then they read back, the first being the release id; a malformed column is a storage error
        #expect(try store.scan(id: id)?.album.discogs.releaseIds == [42, 43])
        #expect(try store.scan(id: id)?.album.discogsReleaseId == 42)
        try store.write("test") { db in try db.execute(sql: #"UPDATE scans SET discogsReleaseIds = '["x"]'"#) }
        #expect(throws: AlbumScanError.self) { try store.scan(id: id) }
    }

    @Test func editSetsAndClearsOnlyTheFieldsNamed() throws {
        // Given three scans, the second with every shop field
        let store = try StoreDatabase.inMemory()
        var full = StoreFixture.newScan()
        full.shop = Self.shop
        _ = try store.saveScan(StoreFixture.newScan())
        _ = try store.saveScan(full)
        _ = try store.saveScan(StoreFixture.newScan())
        // When the location is set on 1-2 and the price cleared
        let outcome = try store.editScans([1...2], set: [.location: "Bin 9", .price: nil])
        // Then both changed, nothing else did
        #expect(outcome == .edited([1, 2]))
        #expect(try store.scan(id: 1)?.shop == ShopFields(location: "Bin 9"))
        var expected = Self.shop
        (expected.location, expected.price) = ("Bin 9", nil)
        #expect(try store.scan(id: 2)?.shop == expected)
        #expect(try store.scan(id: 3)?.shop == ShopFields.none)
        #expect(try store.scans(in: [3...3, 1...2]).map(\.id) == [1, 2, 3])
    }

    @Test func anUnknownIdEditsNothing() throws {
        // Given two scans
        let store = try StoreDatabase.inMemory()
        _ = try store.saveScan(StoreFixture.newScan())
        _ = try store.saveScan(StoreFixture.newScan())
        // When 1-2 and an unknown 7 are edited
        let outcome = try store.editScans([1...2, 7...7], set: [.sku: "S"])
        // Then 7 is named and neither scan changed
        #expect(outcome == .unknown([7...7]))
        #expect(try store.scans(in: [1...2]).allSatisfy { $0.shop == .none })
    }

    @Test func anOlderDatabaseGainsTheColumnsEmpty() throws {
        // Given a database migrated before the shop fields and the catalogue, holding a scan
        let queue = try DatabaseQueue()
        var migrator = StoreSchema.migrator
        try migrator.migrate(queue, upTo: "v6")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO albums (id, dedupeKey, artist, title) VALUES (1, 'k', 'A', 'T');
                    INSERT INTO scans (scannedAt, albumId, fileName, inputSha256, tier, calls, searchGate, artworkStatus,
                        reviewStatus, promptHash) VALUES (0, 1, 'f', 'h', 'base', 1, 'not-needed', 'unavailable',
                        'unavailable', '');
                    """)
        }
        // When it is migrated
        migrator = StoreSchema.migrator
        try migrator.migrate(queue)
        // Then the scan reads back with no shop fields and no catalogue
        let row = try queue.read { db in
            try Row.fetchOne(db, sql: StoreDatabase.scansPage(StoreDatabase.wholeScanColumns, where: "1"), arguments: [1])
        }
        let stored = try StoreDatabase.storedScan(from: try #require(row))
        #expect(stored.shop == .none && stored.album.discogs == .none && stored.album.catalogNumber == nil)
    }
}
