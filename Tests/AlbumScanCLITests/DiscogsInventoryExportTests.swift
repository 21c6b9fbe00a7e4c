import AlbumScanCore
import Foundation
import Testing

/// Issue 41, finding 2 (acceptance 3): the inventory export lists only what Discogs accepts and should get, says
/// what it left out by reason, and can list only what is new since the last marked export.
@Suite struct DiscogsInventoryExportTests {
    static let grade = "Very Good Plus (VG+)"

    /// One scan saved straight into the store.
    static func save(
        _ store: StoreDatabase, _ title: String, discogs: DiscogsLink, verification: Verification.Status = .verified,
        shop: ShopFields, at second: Double
    ) throws {
        var album = Album(artist: "Shop", title: title)
        album.discogs = discogs
        var scan = NewScan(
            scannedAt: Date(timeIntervalSince1970: 1_795_000_000 + second), fileName: "\(title).jpg",
            inputSha256: String(repeating: "cd", count: 32), tier: .base, calls: 1, searchGate: .notNeeded, album: album,
            artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil, promptHash: "",
            timings: [:], verification: Verification(status: verification, score: 0.5, releaseId: nil))
        scan.shop = shop
        _ = try store.saveScan(scan)
    }

    /// Six scans: two Discogs accepts (one a mismatch whose release was set by hand), and one for each reason to
    /// leave a scan out.
    static func fill(_ fixture: CLIFixture) throws -> StoreDatabase {
        let store = try StoreDatabase(path: fixture.runner.home.appendingPathComponent(AlbumStore.defaultFileName).path)
        let priced = ShopFields(mediaCondition: grade, sku: "S-1", price: "20")
        try save(store, "Good", discogs: DiscogsLink(releaseIds: [101], source: .link), shop: priced, at: 1)
        try save(
            store, "NoGrade", discogs: DiscogsLink(releaseIds: [102], source: .link),
            shop: ShopFields(sleeveCondition: grade, price: "15"), at: 2)
        try save(
            store, "Mismatch", discogs: DiscogsLink(releaseIds: [103], source: .search), verification: .mismatch,
            shop: priced, at: 3)
        try save(
            store, "ManualMismatch", discogs: DiscogsLink(releaseIds: [104], source: .manual), verification: .mismatch,
            shop: priced, at: 4)
        try save(store, "NoRelease", discogs: .none, shop: priced, at: 5)
        try save(
            store, "NoPrice", discogs: DiscogsLink(releaseIds: [106], source: .link), shop: ShopFields(mediaCondition: grade),
            at: 6)
        return store
    }

    @Test func theInventoryListsOnlyWhatDiscogsAcceptsAndANewExportAfterMarkingIsEmpty() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let store = try Self.fill(fixture)
        let first = try await fixture.run(
            ["history", "--format", "discogs-inventory", "--not-exported", "--mark-exported"])
        #expect(first.status == 0, "\(first.stderr)")
        let rows = try HistoryCSVCommandTests.pythonRows(Data(first.stdout.utf8))
        let header = try #require(rows.first)
        #expect(header == DiscogsInventoryCSV.columns)
        let listings = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        // No row without a media condition, no mismatch row unless the release was set by hand.
        #expect(listings.allSatisfy { !($0["media_condition"] ?? "").isEmpty })
        #expect(listings.map { $0["release_id"] } == ["104", "101"])
        #expect(
            first.stderr == """
                albumscan: discogs-inventory: left out 4 scans: 1 without a Discogs release id, 1 whose artwork did not \
                match the photo (check them: `albumscan history --verification mismatch`), 1 without a price (set one with \
                `albumscan edit ID --price`), 1 without a media condition (set one with `albumscan edit ID --media-condition`)
                albumscan: discogs-inventory: marked 2 scans exported (--not-exported leaves them out next time)

                """)

        // The same export again, of what is new: nothing.
        let second = try await fixture.run(["history", "--format", "discogs-inventory", "--not-exported"])
        #expect(second.status == 0)
        #expect(try HistoryCSVCommandTests.pythonRows(Data(second.stdout.utf8)) == [DiscogsInventoryCSV.columns])
        // Without --not-exported everything Discogs accepts is listed again; the marks are per form.
        let all = try await fixture.run(["history", "--format", "discogs-inventory"])
        #expect(try HistoryCSVCommandTests.pythonRows(Data(all.stdout.utf8)).count == 3)
        let collection = try await fixture.run(["history", "--format", "discogs-collection", "--not-exported"])
        #expect(try HistoryCSVCommandTests.pythonRows(Data(collection.stdout.utf8)).count == 6)

        // A scan graded since, and a new one, are what the next export lists.
        #expect(try await fixture.run(["edit", "2", "--media-condition", "NM"]).status == 0)
        try Self.save(
            store, "New", discogs: DiscogsLink(releaseIds: [107], source: .link),
            shop: ShopFields(mediaCondition: Self.grade, price: "9"), at: 7)
        let third = try await fixture.run(["history", "--format", "discogs-inventory", "--not-exported"])
        let ids = try HistoryCSVCommandTests.pythonRows(Data(third.stdout.utf8)).dropFirst().map { $0[0] }
        #expect(ids == ["107", "102"])
    }

    /// Nothing is marked unless the whole file was written: a full disk leaves every scan still to export.
    @Test func aFailedWriteMarksNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try Self.fill(fixture)
        let full = try StdoutFailureTests.run(
            fixture.runner, ["history", "--format", "discogs-inventory", "--mark-exported"], stdout: "/dev/full")
        #expect(full.status == 74)
        #expect(!full.stderr.contains("marked"))
        let after = try await fixture.run(["history", "--format", "discogs-inventory", "--not-exported"])
        #expect(try HistoryCSVCommandTests.pythonRows(Data(after.stdout.utf8)).count == 3)
    }

    @Test(
        "the export flags need a CSV form of scans",
        arguments: [
            ["--not-exported"], ["--mark-exported", "--json"], ["--failed", "--csv", "--not-exported"],
        ])
    func theExportFlagsNeedACSVForm(arguments: [String]) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["history"] + arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains("applies to the CSV forms of scans only"), "\(output.stderr)")
    }

    /// The rule itself, row by row: which reason leaves a scan with a release id out, first reason first.
    @Test(
        arguments: [
            (Verification.Status.verified, DiscogsLink.Source.link, "20", "Mint (M)", DiscogsExport.LeftOut?.none),
            (.mismatch, .link, "20", "Mint (M)", .mismatch),
            (.mismatch, .search, nil, nil, .mismatch),
            (.mismatch, .manual, "20", "Mint (M)", nil),
            (.mismatch, .manual, "20", nil, .withoutMediaCondition),
            (.unsure, .link, nil, "Mint (M)", .withoutPrice),
            (.unchecked, .link, "20", nil, .withoutMediaCondition),
        ] as [(Verification.Status, DiscogsLink.Source, String?, String?, DiscogsExport.LeftOut?)])
    func leftOutReasons(
        verification: Verification.Status, source: DiscogsLink.Source, price: String?, media: String?,
        reason: DiscogsExport.LeftOut?
    ) {
        var album = Album(artist: "A", title: "T")
        album.discogs = DiscogsLink(releaseIds: [1], source: source)
        let row = HistoryExportRow(
            scanId: 1, scannedAt: Date(), album: album, rating: nil, recommendation: nil,
            verification: verification.rawValue, file: "f.jpg", shop: ShopFields(mediaCondition: media, price: price))
        #expect(DiscogsInventoryCSV.leftOut(row) == reason)
    }
}
