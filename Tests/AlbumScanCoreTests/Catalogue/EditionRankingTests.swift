import Foundation
import Testing

@testable import AlbumScanCore

/// The ranking of editions by what the sleeve says: a pure decision, one row per case.
@Suite struct EditionRankingTests {
    static func release(
        _ id: String, date: String, catno: [String] = [], formats: [String] = [], country: String? = nil,
        status: String = "Official"
    ) -> ReleaseCandidate {
        var candidate = ReleaseCandidate(id: id, score: 90, title: "Brine", artist: "Salt Choir", status: status, date: date)
        candidate.catalogNumbers = catno
        candidate.formats = formats
        candidate.country = country
        return candidate
    }

    static let editions = [
        release("original-cd", date: "1977", catno: ["SH 100"], formats: ["CD"], country: "GB"),
        release("de-lp", date: "1978", catno: ["SH-200"], formats: ["12\" Vinyl"], country: "DE"),
        release("us-cass", date: "1979", catno: ["SH 200C"], formats: ["Cassette"], country: "US"),
        release("jp-lp", date: "1980", catno: ["SHJ 300"], formats: ["12\" Vinyl"], country: "JP"),
        release("bootleg-lp", date: "1976", catno: ["SHJ 300"], formats: ["12\" Vinyl"], country: "JP", status: "Bootleg"),
    ]

    @Test(arguments: [
        (Edition(), "original-cd"),  // the sleeve says nothing: the original official release
        (Edition(catalogNumber: "SH 200"), "de-lp"),  // the catalogue number, however it is punctuated
        (Edition(catalogNumber: "sh200c"), "us-cass"),
        (Edition(catalogNumber: "SHJ 300"), "jp-lp"),  // the official one of two sharing a number
        (Edition(catalogNumber: "SH 200", format: "cassette", country: "US"), "de-lp"),  // the number outranks the rest
        (Edition(format: "cassette"), "us-cass"),  // format breaks the tie
        (Edition(format: "LP"), "de-lp"),  // an LP is a 12" record; the earlier of two
        (Edition(format: "LP", country: "Japan"), "jp-lp"),  // country too
        (Edition(country: "DE"), "de-lp"),
        (Edition(format: "7\""), "original-cd"),  // nothing agrees: every edition is as good, the original stays
        (Edition(catalogNumber: "XYZ 1"), "original-cd"),  // an unknown number changes nothing
    ])
    func theSleevePicksTheEdition(edition: Edition, expected: String) {
        let best = ReleaseRanker.best(Self.editions, artist: "Salt Choir", title: "Brine", edition: edition)
        #expect(best?.id == expected)
    }

    @Test(arguments: [
        ("LP", "12\" Vinyl", true), ("12\"", "12\" Vinyl", true), ("12 inch", "12\" Vinyl", true), ("7\"", "7\" Vinyl", true),
        ("7\"", "12\" Vinyl", false), ("vinyl", "7\" Vinyl", true), ("LP", "Vinyl", true), ("CD", "Enhanced CD", true),
        ("CD", "12\" Vinyl", false), ("cassette", "Cassette", true), ("MC", "Cassette", true), ("LP", "CD", false),
    ])
    func formatsAgreeByFamily(sleeve: String, release: String, agree: Bool) {
        #expect(EditionMatch.formatsAgree(sleeve, release) == agree)
    }

    @Test(arguments: [
        ("UK", "GB"), ("United Kingdom", "GB"), ("gb", "GB"), ("USA", "US"), ("Europe", "XE"), ("West Germany", "DE"),
        ("JP", "JP"), ("Atlantis", "ATLANTIS"),
    ])
    func countriesAreCompared(name: String, code: String) {
        #expect(EditionMatch.countryCode(name) == code)
    }

    @Test(arguments: [("SHVL 804", "SHVL804"), ("shvl-804", "SHVL804"), ("CDP 7 46001 2", "CDP7460012"), ("ÅB.12", "ÅB12")])
    func catalogueNumbersFoldToLettersAndDigits(printed: String, folded: String) {
        #expect(EditionMatch.foldCatalogNumber(printed) == folded)
    }

    @Test func blankAndNullLikeValuesAreNoEdition() {
        #expect(Edition(catalogNumber: " ", format: "null", country: "Unknown").isEmpty)
        #expect(Edition().cacheSuffix == "")
        #expect(Edition(catalogNumber: "sh-200").cacheSuffix == Edition(catalogNumber: "SH 200").cacheSuffix)
    }

    @Test func theNarrowedQueryAddsTheCatalogueNumberAndBarcodeEscaped() throws {
        let base = LuceneQuery.strict(artist: "Salt Choir", title: "Brine")
        #expect(LuceneQuery.narrowed(base, catalogNumber: nil, barcode: nil) == nil)
        #expect(LuceneQuery.narrowed(base, catalogNumber: nil, barcode: RetailBarcode("5012345678900")) == nil)
        #expect(LuceneQuery.narrowed(base, catalogNumber: "SH \"200\"", barcode: nil) == base + " AND catno:\"sh \\\"200\\\"\"")
        let barcode = try #require(RetailBarcode("036000291452"))
        #expect(
            LuceneQuery.narrowed(base, catalogNumber: "SH 200", barcode: barcode)
                == base + " AND (catno:\"sh 200\" OR barcode:(036000291452 OR 0036000291452))")
    }
}
