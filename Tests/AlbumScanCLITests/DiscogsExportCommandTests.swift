import AlbumScanCore
import Foundation
import Testing

/// `history --format discogs-inventory|discogs-collection` read back by Python's `csv` module cell for cell, and
/// the format options around them.
@Suite struct DiscogsExportCommandTests {
    static let inventoryHeader = [
        "release_id", "price", "media_condition", "sleeve_condition", "comments", "accept_offer", "location",
        "external_id", "weight", "format_quantity",
    ]
    static let collectionHeader = [
        "release_id", "Collection Media Condition", "Collection Sleeve Condition", "Collection Notes",
    ]

    static func album(_ artist: String, _ title: String, _ edition: Edition, _ discogs: DiscogsLink) -> Album {
        var album = Album(artist: artist, title: title)
        (album.edition, album.discogs) = (edition, discogs)
        return album
    }

    /// Four scans saved straight into the store: 1 with two Discogs ids and every field, 2 with an id and no price,
    /// 3 with a price and no id, 4 with an id, a price and hostile text.
    static func fill(_ fixture: CLIFixture) async throws {
        let store = try StoreDatabase(path: fixture.runner.home.appendingPathComponent(AlbumStore.defaultFileName).path)
        let scans: [(Album, ShopFields)] = [
            (
                album(
                    "Sigur Rós", "Ágætis byrjun", Edition(catalogNumber: "SMK 23", format: "LP", country: "IS"),
                    DiscogsLink(releaseIds: [249504, 1_000_001], source: .link)),
                ShopFields(
                    mediaCondition: "Near Mint (NM or M-)", sleeveCondition: "Very Good Plus (VG+)", location: "Bin 4",
                    sku: "SR-1", comments: "Gatefold, \"first press\"", price: "24.99")
            ),
            (
                album("B", "No price", Edition(), DiscogsLink(releaseIds: [7], source: .link)),
                ShopFields(mediaCondition: "Good (G)", sleeveCondition: "Generic", location: "Bin 9")
            ),
            (album("C", "Nothing", Edition(), .none), ShopFields(price: "5")),
            (
                album("D", "Hostile", Edition(), DiscogsLink(releaseIds: [42], source: .search)),
                ShopFields(
                    mediaCondition: "Poor (P)", sleeveCondition: "No Cover", location: "@back", sku: "-9",
                    comments: "=HYPERLINK(\"http://x\")\r\nline two", price: "3")
            ),
        ]
        for (index, (album, shop)) in scans.enumerated() {
            var scan = NewScan(
                scannedAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)), fileName: "s\(index).jpg",
                inputSha256: String(repeating: "ab", count: 32), tier: .base, calls: 1, searchGate: .notNeeded,
                album: album, artworkStatus: .unavailable, artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil,
                promptHash: "", timings: [:])
            scan.shop = shop
            _ = try store.saveScan(scan)
        }
    }

    @Test func inventoryReadsBackCellForCell() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        let output = try await fixture.run(["history", "--format", "discogs-inventory"])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = try HistoryCSVCommandTests.pythonRows(Data(output.stdout.utf8))
        #expect(rows == [
            Self.inventoryHeader,
            ["42", "3", "Poor (P)", "No Cover", "'=HYPERLINK(\"http://x\")\r\nline two", "", "'@back", "'-9", "", ""],
            ["249504", "24.99", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Gatefold, \"first press\"", "", "Bin 4", "SR-1", "", ""],
        ])
        #expect(
            output.stderr
                == "albumscan: discogs-inventory: left out 2 scans: 1 without a Discogs release id, 1 without a price (set one with `albumscan edit ID --price`)\n"
        )
        // Filters apply as to every form.
        let filtered = try await fixture.run(["history", "--format", "discogs-inventory", "--search", "sigur"])
        #expect(try HistoryCSVCommandTests.pythonRows(Data(filtered.stdout.utf8)).map { $0[0] } == ["release_id", "249504"])
        #expect(filtered.stderr.isEmpty)
    }

    @Test func collectionReadsBackCellForCell() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        let output = try await fixture.run(["history", "--format", "discogs-collection"])
        #expect(output.status == 0, "\(output.stderr)")
        let rows = try HistoryCSVCommandTests.pythonRows(Data(output.stdout.utf8))
        #expect(rows == [
            Self.collectionHeader,
            ["42", "Poor (P)", "No Cover", "'=HYPERLINK(\"http://x\")\r\nline two; Location: @back"],
            ["7", "Good (G)", "Generic", "Location: Bin 9"],
            ["249504", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Gatefold, \"first press\"; Location: Bin 4"],
        ])
        #expect(output.stderr == "albumscan: discogs-collection: left out 1 scan: 1 without a Discogs release id\n")
        // No price goes into a collection.
        #expect(!output.stdout.contains("24.99"))
    }

    @Test func theCSVCarriesTheCatalogueAndShopColumns() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        let output = try await fixture.run(["history", "--format", "csv"])
        let rows = try HistoryCSVCommandTests.pythonRows(Data(output.stdout.utf8))
        #expect(rows.first == HistoryCSV.columns && rows.allSatisfy { $0.count == 24 })
        #expect(Array(rows[0].suffix(10)) == [
            "catalogNumber", "format", "country", "discogsReleaseId", "mediaCondition", "sleeveCondition", "location", "sku",
            "price", "comments",
        ])
        let graded = ["SMK 23", "LP", "IS", "249504", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Bin 4", "SR-1"]
        #expect(Array(rows[4].suffix(10).prefix(8)) == graded)
        #expect(Array(rows[4].suffix(2)) == ["24.99", "Gatefold, \"first press\""])
        #expect(Array(rows[1].suffix(10).prefix(8)) == ["", "", "", "42", "Poor (P)", "No Cover", "'@back", "'-9"])
        #expect(rows[1].last == "'=HYPERLINK(\"http://x\")\r\nline two", "a hostile comment is neutralised")
        #expect(output.stdout == (try await fixture.run(["history", "--csv"])).stdout)
    }

    @Test func excelAddsAByteOrderMarkToEveryCSVForm() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        for format in ["csv", "discogs-inventory", "discogs-collection"] {
            let plain = try await fixture.run(["history", "--format", format])
            let excel = try await fixture.run(["history", "--format", format, "--excel"])
            #expect(!plain.stdout.hasPrefix("\u{FEFF}"))
            #expect(Array(excel.stdout.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(format)")
            #expect(excel.stdout == "\u{FEFF}" + plain.stdout)
        }
        let excel = try await fixture.run(["history", "--csv", "--excel"])
        #expect(excel.stdout.hasPrefix("\u{FEFF}scanId,"))
    }

    @Test(
        "conflicting or misplaced format options are usage errors",
        arguments: [
            (["--format", "csv", "--json"], "--json and --format csv cannot be combined"),
            (["--csv", "--format", "discogs-inventory"], "--csv and --format discogs-inventory cannot be combined"),
            (["--jsonl", "--json"], "--json and --jsonl cannot be combined"),
            (["--format", "jsonl", "--csv"], "--csv and --format jsonl cannot be combined"),
            (["--format", "discogs-collection", "--html", "x.html"], "--format discogs-collection and --html cannot be combined"),
            (["--excel"], "--excel applies to the CSV forms only"),
            (["--format", "json", "--excel"], "--excel applies to the CSV forms only"),
            (["--format", "xml"], "xml"),
        ])
    func conflicts(arguments: [String], message: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["history"] + arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func theAliasesAgreeWithFormat() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await Self.fill(fixture)
        for (alias, format) in [("--json", "json"), ("--jsonl", "jsonl"), ("--csv", "csv")] {
            let a = try await fixture.run(["history", alias])
            let b = try await fixture.run(["history", "--format", format])
            let both = try await fixture.run(["history", alias, "--format", format])
            #expect(a.status == 0 && a.stdout == b.stdout && b.stdout == both.stdout, "\(alias)")
        }
        let items = try #require((try await fixture.run(["history", "--format", "json"])).json as? [[String: Any]])
        let item = try #require(items.first { $0["scanId"] as? Int == 1 })
        let album = try #require(item["album"] as? [String: Any])
        #expect(album["discogsReleaseId"] as? Int == 249504 && album["discogsReleaseIds"] as? [Int] == [249504, 1_000_001])
        #expect(album["catalogNumber"] as? String == "SMK 23" && album["discogsIdSource"] as? String == "link")
        #expect(item["price"] as? String == "24.99" && item["location"] as? String == "Bin 4")
        let show = try await fixture.run(["show", "1", "--no-art"])
        for line in ["Cat. no.: SMK 23", "Edition: LP · IS", "Discogs: release 249504 (+1 more)", "Price: 24.99"] {
            #expect(show.stdout.contains(line), "\(line)")
        }
    }
}
