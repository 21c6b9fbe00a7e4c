import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

/// DESIGN wave 5, "versions and a change log": a version grows with every change `show --json` would show (only
/// then), each logged with its door and old and new values; a write naming a version the scan moved on from changes
/// nothing.
@Suite struct ScanVersionTests {
    static let page = ChangeStamp(door: "page:abc", at: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func anEditMovesTheVersionAndLogsEachField() throws {
        let store = try StoreDatabase.inMemory()
        let id = try store.saveScan(StoreFixture.newScan())
        #expect(try store.scan(id: id)?.version == 1)
        _ = try store.editScans([id...id], set: [.location: "Bin 4", .price: "12.50"], stamp: Self.page)
        #expect(try store.scan(id: id)?.version == 2)
        let log = try #require(try store.changes(scanId: id))
        #expect(log.count == 1 && log[0].version == 2 && log[0].door == "page:abc" && log[0].changedAt == Self.page.at)
        #expect(
            log[0].fields == [
                .init(field: "location", old: nil, new: "Bin 4"), .init(field: "price", old: nil, new: "12.50"),
            ])
        // The same values again change nothing, so no version
        _ = try store.editScans([id...id], set: [.location: "Bin 4"], stamp: Self.page)
        #expect(try store.scan(id: id)?.version == 2 && (try store.changes(scanId: id))?.count == 1)
        #expect(try store.changes(scanId: 99) == nil)
    }

    @Test func aStaleVersionChangesNothing() throws {
        let store = try StoreDatabase.inMemory()
        let id = try store.saveScan(StoreFixture.newScan())
        _ = try store.editScans([id...id], set: [.mediaCondition: "Very Good Plus (VG+)"], ifVersion: 1)
        #expect(throws: StaleVersion(scanId: id, seen: 1, current: 2)) {
            try store.editScans([id...id], set: [.mediaCondition: "Good (G)"], ifVersion: 1)
        }
        #expect(try store.scan(id: id)?.shop.mediaCondition == "Very Good Plus (VG+)")
        _ = try store.saveScan(StoreFixture.newScan())
        #expect(throws: AlbumScanError.self) { try store.editScans([1...2], set: [.sku: "A-{n}"], ifVersion: 2) }
    }

    /// Rescans in place, corrections, fills and shop fields set on a skipped photo are versions too; another
    /// scan's version never moves.
    @Test func everyKindOfChangeIsAVersion() throws {
        let store = try StoreDatabase.inMemory()
        var scan = StoreFixture.newScan()
        scan.inPlace = true
        scan.album.discogs = .pending
        let id = try store.saveScan(scan)
        var other = StoreFixture.newScan(album: Album(artist: "B", title: "C", musicbrainzReleaseId: "mbid-other"))
        other.inputSha256 = "other"
        let otherId = try store.saveScan(other)
        scan.scannedAt = scan.scannedAt.addingTimeInterval(60)
        _ = try store.save(scan, stamp: .cli)
        #expect(try store.scan(id: id)?.version == 2)
        _ = try store.applyShopFields(ShopFields(location: "Bin 1"), toScan: id)
        #expect(try store.scan(id: id)?.version == 3)
        let mbid = try #require(scan.album.musicbrainzReleaseId)
        #expect(try store.settleLinks(DiscogsLink(releaseIds: [5], source: .link), mbid: mbid, scanIds: [id]))
        #expect(try store.scan(id: id)?.version == 4)
        var corrected = CorrectedScan(try #require(try store.scan(id: id)))
        corrected.album.title = "Another"
        #expect(throws: StaleVersion.self) { try store.saveCorrections([corrected], expecting: [id: 3]) }
        try store.saveCorrections([corrected], stamp: Self.page, expecting: [id: 4])
        #expect(try store.scan(id: id)?.version == 5 && (try store.scan(id: id))?.album.title == "Another")
        let fields = try #require(try store.changes(scanId: id)).map { $0.fields.map(\.field) }
        #expect(fields[0] == ["scannedAt"] && fields[1] == ["location"] && fields[2] == ["discogsIdSource", "discogsReleaseIds"])
        #expect(fields[3] == ["title"])
        #expect(try store.scan(id: otherId)?.version == 1)
        // A deleted scan takes its log
        #expect(try store.deleteScan(id: id))
        let left = try store.read("test") { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM changes") }
        #expect(left == 0)
    }
}
