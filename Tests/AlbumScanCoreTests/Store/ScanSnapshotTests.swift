import Foundation
import GRDB
import Testing

@testable import AlbumScanCore

/// DESIGN wave 5, "a scan's facts are its own": a correction, a link fill or a rescan of one scan changes nothing
/// another scan shows, even a scan of the same release.
@Suite struct ScanSnapshotTests {
    static let beige = Album(
        artist: "AC/DZ", title: "Back in Beige", year: "1980", genres: ["Hard Rock"], label: "Atlantis",
        musicbrainzReleaseId: "beige-mbid")
    static let conductors = Album(
        artist: "Neon Parish", title: "Conductors", year: "1981", genres: ["Funk / Soul"], label: "Voltage",
        musicbrainzReleaseId: "conductors-mbid")

    /// Scan 1 is the right album; scan 2 is the same sleeve the model named wrongly, then corrected to scan 1's
    /// release keeping (as a named release does) its own genres and label: scan 1 must not take them.
    @Test func correctingAScanToAnotherScansReleaseLeavesThatScanAlone() throws {
        let store = try StoreDatabase.inMemory()
        let right = try store.saveScan(StoreFixture.newScan(album: Self.beige))
        let wrong = try store.saveScan(StoreFixture.newScan(album: Self.conductors))
        let before = try #require(try store.scan(id: right))
        var corrected = CorrectedScan(try #require(try store.scan(id: wrong)))
        corrected.album = Self.conductors
        corrected.album.musicbrainzReleaseId = "beige-mbid"
        corrected.album.title = "Back in Beige"
        try store.saveCorrections([corrected])
        #expect(try store.scan(id: right)?.album == before.album)
        let after = try #require(try store.scan(id: wrong))
        #expect(after.album.musicbrainzReleaseId == "beige-mbid" && after.album.genres == ["Funk / Soul"])
        // And a later new scan of the release copies the cache, not the correction
        let later = try store.saveScan(
            StoreFixture.newScan(album: Album(artist: "AC/DZ", title: "Back in Beige", musicbrainzReleaseId: "beige-mbid")))
        #expect(try store.scan(id: later)?.album.genres == ["Hard Rock"])
        #expect(try store.scan(id: later)?.album.label == "Atlantis")
    }

    /// A correction that clears facts clears them on its own scan only.
    @Test func aCorrectionThatClearsFactsClearsThemOnItsScanOnly() throws {
        let store = try StoreDatabase.inMemory()
        let first = try store.saveScan(StoreFixture.newScan(album: Self.beige))
        let second = try store.saveScan(StoreFixture.newScan(album: Self.beige))
        var corrected = CorrectedScan(try #require(try store.scan(id: second)))
        corrected.album = Album(artist: "Arcade Saints", title: "Pink Static")
        try store.saveCorrections([corrected])
        #expect(try store.scan(id: first)?.album == Self.beige)
        let after = try #require(try store.scan(id: second))
        #expect(after.album.year == nil && after.album.label == nil && after.album.genres.isEmpty)
        #expect(after.album.musicbrainzReleaseId == nil)
    }

    /// History, its filters and the exports read each scan's own facts.
    @Test func historyAndExportsReadEachScansOwnFacts() throws {
        let store = try StoreDatabase.inMemory()
        _ = try store.saveScan(StoreFixture.newScan(album: Self.beige))
        let second = try store.saveScan(StoreFixture.newScan(album: Self.beige))
        var corrected = CorrectedScan(try #require(try store.scan(id: second)))
        corrected.album = Self.conductors
        try store.saveCorrections([corrected])
        #expect(try store.history(limit: 10).map(\.album.label) == ["Voltage", "Atlantis"])
        #expect(try store.exportRows(limit: 10).map(\.album.genres) == [["Funk / Soul"], ["Hard Rock"]])
        #expect(try store.history(limit: 10, filter: HistoryFilter(search: "voltage")).map(\.id) == [second])
    }

    /// A home from before the snapshots: two scans sharing one album row each carry its facts after the migration,
    /// and from then on a change to one no longer reaches the other.
    @Test func theMigrationCopiesEachScansFactsAndNothingElse() throws {
        let queue = try DatabaseQueue()
        var migrator = StoreSchema.migrator
        try migrator.migrate(queue, upTo: "replaced-charges")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO albums (id, dedupeKey, artist, title, year, genres, label, mbid, discogsReleaseIds,
                        discogsIdSource) VALUES (1, 'mbid:m', 'A', 'T', '1999', '["Jazz"]', 'L', 'm', '[4]', 'link');
                    INSERT INTO scans (scannedAt, albumId, fileName, inputSha256, tier, calls, searchGate, artworkStatus,
                        reviewStatus, promptHash) VALUES (0, 1, 'f', 'h', 'base', 1, 'not-needed', 'unavailable',
                        'unavailable', ''), (1, 1, 'g', 'i', 'base', 1, 'not-needed', 'unavailable', 'unavailable', '');
                    """)
        }
        migrator = StoreSchema.migrator
        try migrator.migrate(queue)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: StoreDatabase.scansPage(StoreDatabase.wholeScanColumns, where: "1"), arguments: [10])
        }
        let scans = try rows.map(StoreDatabase.storedScan)
        #expect(scans.count == 2)
        for scan in scans {
            #expect(scan.album.artist == "A" && scan.album.year == "1999" && scan.album.genres == ["Jazz"])
            #expect(scan.album.label == "L" && scan.album.musicbrainzReleaseId == "m" && scan.album.discogsReleaseId == 4)
        }
        try queue.write { db in try db.execute(sql: "UPDATE albums SET label = 'Changed'") }
        let labels = try queue.read { db in try String.fetchAll(db, sql: "SELECT label FROM scans") }
        #expect(labels == ["L", "L"])
    }
}
