import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct DiscogsExportTests {
    static func row(_ id: Int64, discogs: [Int] = [], shop: ShopFields = .none) -> HistoryExportRow {
        HistoryExportRow(
            scanId: id, scannedAt: Date(timeIntervalSince1970: 1_795_000_000),
            album: album(discogs), rating: nil, recommendation: nil,
            file: "f.jpg", shop: shop)
    }

    static func album(_ discogs: [Int]) -> Album {
        var album = Album(artist: "A", title: "T")
        album.discogs = DiscogsLink(releaseIds: discogs, source: .link)
        return album
    }

    static let graded = ShopFields(
        mediaCondition: "Very Good Plus (VG+)", sleeveCondition: "Generic", location: "Bin 4", sku: "A-17",
        comments: "-light wear, \"sealed\"", price: "12.50")

    @Test func inventoryListsScansWithAnIdAndAPriceOnly() {
        let export = DiscogsInventoryCSV.export([
            Self.row(3, discogs: [249504, 1], shop: Self.graded), Self.row(2, discogs: [7], shop: ShopFields(location: "x")),
            Self.row(1, shop: Self.graded),
        ])
        #expect(
            export.document
                == "release_id,price,media_condition,sleeve_condition,comments,accept_offer,location,external_id,weight,format_quantity\r\n"
                + "249504,12.50,Very Good Plus (VG+),Generic,\"'-light wear, \"\"sealed\"\"\",,Bin 4,A-17,,\r\n")
        #expect(export.withoutReleaseId == 1 && export.withoutPrice == 1)
        #expect(
            export.leftOutNote(format: "discogs-inventory")
                == "discogs-inventory: left out 2 scans: 1 without a Discogs release id, 1 without a price (set one with `albumscan edit ID --price`)"
        )
    }

    /// A scan whose links were not asked for yet is counted apart from one whose release links no Discogs release,
    /// and a fill's answer puts it in the export.
    @Test func pendingLinksAreCountedApartAndAFillListsThem() {
        var pending = Self.row(2, shop: Self.graded)
        pending.album.musicbrainzReleaseId = "mbid-2"
        pending.album.discogs = .pending
        let rows = [Self.row(3, discogs: [7], shop: Self.graded), pending, Self.row(1, shop: Self.graded)]
        let export = DiscogsInventoryCSV.export(rows)
        #expect(export.linksPending == 1 && export.withoutReleaseId == 1 && export.leftOut == 2)
        #expect(
            export.leftOutNote(format: "discogs-inventory")
                == "discogs-inventory: left out 2 scans: 1 whose Discogs links MusicBrainz has not been asked for yet (run the export again), 1 without a Discogs release id"
        )
        var report = DiscogsLinkFill.Report()
        report.links["mbid-2"] = DiscogsLink(releaseIds: [42], source: .link)
        report.links["mbid-other"] = DiscogsLink(releaseIds: [43], source: .link)
        let filled = DiscogsInventoryCSV.export(rows.map { $0.withLinks(report) })
        #expect(filled.linksPending == 0 && filled.withoutReleaseId == 1)
        #expect(filled.document.contains("\r\n42,12.50,"))
        #expect(rows[0].withLinks(report) == rows[0] && rows[2].withLinks(report) == rows[2], "only pending rows change")
    }

    @Test func collectionListsScansWithAnIdAndPutsLocationInTheNotes() {
        let export = DiscogsCollectionCSV.export([
            Self.row(3, discogs: [249504], shop: Self.graded), Self.row(2, discogs: [7]),
            Self.row(1, shop: Self.graded),
        ])
        #expect(
            export.document
                == "release_id,Collection Media Condition,Collection Sleeve Condition,Collection Notes\r\n"
                + "249504,Very Good Plus (VG+),Generic,\"'-light wear, \"\"sealed\"\"; Location: Bin 4\"\r\n" + "7,,,\r\n")
        #expect(export.withoutReleaseId == 1 && export.withoutPrice == 0)
        #expect(export.leftOutNote(format: "discogs-collection") == "discogs-collection: left out 1 scan: 1 without a Discogs release id")
        #expect(DiscogsExport(document: "").leftOutNote(format: "x") == nil)
    }

    @Test(
        "notes join the comments and the location",
        arguments: [
            (ShopFields(), ""), (ShopFields(comments: "sealed"), "sealed"), (ShopFields(location: "Bin 4"), "Location: Bin 4"),
            (ShopFields(location: "B", comments: "c"), "c; Location: B"),
        ])
    func notes(shop: ShopFields, notes: String) {
        #expect(DiscogsCollectionCSV.notes(shop) == notes)
    }

    @Test func theHistoryCSVGainsTheCatalogueAndShopColumnsAtTheEnd() {
        var row = Self.row(5, discogs: [42, 43], shop: Self.graded)
        row.album.edition = Edition(catalogNumber: "PCS 7027", format: "LP", country: "UK")
        #expect(Array(HistoryCSV.columns.suffix(10).prefix(8)) == [
            "catalogNumber", "format", "country", "discogsReleaseId", "mediaCondition", "sleeveCondition", "location", "sku",
        ])
        #expect(Array(HistoryCSV.fields(row).suffix(10).prefix(8)) == [
            "PCS 7027", "LP", "UK", "42", "Very Good Plus (VG+)", "Generic", "Bin 4", "A-17",
        ])
        #expect(Array(HistoryCSV.fields(Self.row(6)).suffix(10)) == Array(repeating: "", count: 10))
        // The price and comments close the general CSV (issue 50), the comment made safe for a spreadsheet.
        #expect(Array(HistoryCSV.fields(row).suffix(2)) == ["12.50", "-light wear, \"sealed\""])
        #expect(HistoryCSV.document([row]).hasSuffix(",12.50,\"'-light wear, \"\"sealed\"\"\"\r\n"))
    }
}
