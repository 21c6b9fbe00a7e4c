import Foundation
import Testing

@testable import AlbumScanCore

@Suite("Store: history filters")
struct AlbumStoreHistoryFilterTests {
    /// One stored scan's facts, for seeding.
    struct Seed {
        var artist: String
        var title: String
        var label: String?
        var file: String
        var minutes: Double
        var method: IdentificationMethod
        var verification: Verification.Status
    }

    static let seeds = [
        Seed(
            artist: "Björk", title: "Homogenic", label: "One Little Indian", file: "crate/a.jpg", minutes: 0,
            method: .model, verification: .verified),
        Seed(
            artist: "Radiohead", title: "OK Computer", label: "Parlophone", file: "crate/b.jpg", minutes: 60,
            method: .search, verification: .mismatch),
        Seed(
            artist: "Can", title: "Tago Mago", label: nil, file: "shelf/IMG_0042.HEIC", minutes: 120,
            method: .barcode, verification: .unsure),
        Seed(
            artist: "50% Off", title: "Under_score", label: "Björk Records", file: "shelf/c.png", minutes: 180,
            method: .local, verification: .verified),
        Seed(
            artist: "Radiohead", title: "Kid A", label: "Parlophone", file: "crate/d.jpg", minutes: 240,
            method: .duplicate, verification: .unchecked),
    ]

    /// Saves the seeds in order; returns their ids.
    private func seed(_ store: StoreDatabase) throws -> [Int64] {
        try Self.seeds.enumerated().map { index, seed in
            var scan = StoreFixture.newScan(
                album: Album(artist: seed.artist, title: seed.title, year: "1997", label: seed.label),
                at: StoreFixture.epoch.addingTimeInterval(seed.minutes * 60), reviewKey: "key \(index)")
            scan.fileName = seed.file
            scan.method = seed.method
            scan.verification = Verification(status: seed.verification, score: nil, releaseId: nil)
            return try store.saveScan(scan)
        }
    }

    /// The seeds (by index) each filter keeps, newest first.
    @Test(arguments: [
        (HistoryFilter(search: "radiohead"), [4, 1]),
        (HistoryFilter(search: "RADIO"), [4, 1]),
        (HistoryFilter(search: "björk"), [3, 0]),  // artist of one, label of the other
        (HistoryFilter(search: "BJÖRK"), [3, 0]),  // folded beyond ASCII
        (HistoryFilter(search: "RECORDS"), [3]),  // ASCII text in a label with other letters
        (HistoryFilter(search: "homo"), [0]),  // title
        (HistoryFilter(search: "parlophone"), [4, 1]),  // label
        (HistoryFilter(search: "img_0042"), [2]),  // file name
        (HistoryFilter(search: "shelf/"), [3, 2]),
        (HistoryFilter(search: "%"), [3]),  // LIKE wildcards mean themselves
        (HistoryFilter(search: "_"), [3, 2]),
        (HistoryFilter(search: "nothing like it"), []),
        (HistoryFilter(search: "' OR 1=1 --"), []),
        (HistoryFilter(since: StoreFixture.epoch.addingTimeInterval(120 * 60)), [4, 3, 2]),  // at or after
        (HistoryFilter(since: StoreFixture.epoch.addingTimeInterval(120 * 60 + 1)), [4, 3]),
        (HistoryFilter(method: .barcode), [2]),
        (HistoryFilter(method: .model), [0]),
        (HistoryFilter(verification: .verified), [3, 0]),
        (HistoryFilter(verification: .unchecked), [4]),
        (HistoryFilter(search: "radiohead", verification: .mismatch), [1]),
        (HistoryFilter(search: "radiohead", since: StoreFixture.epoch.addingTimeInterval(90 * 60)), [4]),
        (HistoryFilter(search: "björk", method: .local, verification: .verified), [3]),
        (HistoryFilter(search: "björk", method: .search), []),
        (HistoryFilter.all, [4, 3, 2, 1, 0]),
    ])
    func everyListingKeepsWhatTheFilterAsks(filter: HistoryFilter, expected: [Int]) throws {
        // Given five scans that differ in names, file, time, method and verification
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let ids = try seed(store)
        let wanted = expected.map { ids[$0] }
        // When each listing is read with the filter
        // Then each keeps exactly the scans the filter asks for, newest first
        #expect(try store.history(limit: 100, filter: filter).map(\.id) == wanted)
        #expect(try store.exportRows(limit: 100, filter: filter).map(\.scanId) == wanted)
        #expect(try store.historyScans(limit: 100, filter: filter).map(\.id) == wanted)
    }

    @Test(arguments: [1, 2, 3])
    func filtersPageWithLimitAndBefore(pageSize: Int) throws {
        // Given five scans, four of them made an hour or more after the first
        let store = try StoreDatabase.inMemory()
        let ids = try seed(store)
        let filter = HistoryFilter(since: StoreFixture.epoch.addingTimeInterval(60 * 60))
        // When the filtered history is paged
        var seen: [Int64] = []
        var cursor: Int64?
        while let last = try store.history(limit: pageSize, before: cursor, filter: filter).last {
            let page = try store.history(limit: pageSize, before: cursor, filter: filter)
            #expect(page.count <= pageSize)
            #expect(try store.historyScans(limit: pageSize, before: cursor, filter: filter).map(\.id) == page.map(\.id))
            seen += page.map(\.id)
            cursor = last.id
        }
        // Then every matching scan appears once, newest first
        #expect(seen == [ids[4], ids[3], ids[2], ids[1]])
    }

    @Test func searchTextCannotReachTheSQL() throws {
        // Given stored scans
        let store = try StoreDatabase.inMemory()
        _ = try seed(store)
        // When the search text is SQL
        for text in ["'); DELETE FROM scans; --", "\" OR \"\"=\"", "x' OR '1'='1", "?"] {
            #expect(try store.history(limit: 10, filter: HistoryFilter(search: text)).isEmpty)
        }
        // Then nothing matched it and nothing was changed
        #expect(try store.scanCount() == Self.seeds.count)
    }

    @Test func historyScansReadEachScanAsShowDoes() throws {
        // Given a reviewed scan, a scan whose review was unavailable and a scan whose review is not cached
        let store = try StoreDatabase.inMemory()
        try store.saveReview(
            StoreFixture.review, key: AlbumKey(artist: "radiohead", title: "ok computer"), model: "gpt-4o", promptHash: "p", at: StoreFixture.epoch)
        var reviewed = StoreFixture.newScan()
        reviewed.verification = Verification(status: .verified, score: 0.93, releaseId: "rel-1")
        reviewed.method = .search
        reviewed.duplicateOf = "first.jpg"
        let ids = [
            try store.saveScan(reviewed),
            try store.saveScan(StoreFixture.newScan(reviewStatus: .unavailable, artworkStatus: .unavailable)),
            try store.saveScan(
                StoreFixture.newScan(
                    album: Album(artist: "Nobody", title: "Nothing", year: nil, genres: []), reviewKey: "not cached")),
        ]
        // When the history is read whole
        let scans = try store.historyScans(limit: 10)
        // Then each scan equals what scan(id:) reads for it
        #expect(scans.map(\.id) == ids.reversed())
        for scan in scans { #expect(try store.scan(id: scan.id) == scan) }
        #expect(scans.last?.review == StoreFixture.review)
        #expect(scans[1].review == nil && scans[0].review == nil)
    }
}
