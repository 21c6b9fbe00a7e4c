import AlbumScanTestSupport
import Foundation
import Testing

@testable import AlbumScanCore

/// Issue 40's findings, each a decision tested on its own: names in other scripts, titles made of symbols, a date's
/// precision, MusicBrainz's placeholder labels, and the release's facts filling what the sleeve left empty.
@Suite struct RealCatalogueRankingTests {
    /// A search hit in the shape MusicBrainz's release search gives it (`artist-credit[].artist` with `sort-name` and
    /// `aliases`, as in mb-solr's own release-list fixture).
    static func hit(
        id: String, title: String, credited: String, sortName: String, aliases: [String] = [], date: String? = nil,
        labels: [String] = [], catalogNumber: String? = nil
    ) throws -> ReleaseCandidate {
        var release: [String: Any] = [
            "id": id, "score": 100, "title": title, "status": "Official",
            "artist-credit": [
                [
                    "name": credited,
                    "artist": [
                        "id": "artist-\(id)", "name": credited, "sort-name": sortName,
                        "aliases": aliases.map { ["name": $0, "sort-name": $0, "locale": NSNull(), "primary": NSNull()] },
                    ] as [String: Any],
                ] as [String: Any]
            ],
            "release-group": ["id": "group-\(id)", "primary-type": "Album"],
            "label-info": labels.map { ["label": ["id": "label-\($0)", "name": $0], "catalog-number": catalogNumber ?? ""] },
        ]
        if let date { release["date"] = date }
        let body = try JSONSerialization.data(withJSONObject: ["count": 1, "offset": 0, "releases": [release]])
        return try #require(ReleaseCandidate.decodeSearch(body)?.first)
    }

    // Finding 1: the sleeve's romanised name against the name MusicBrainz credits in the artist's own script.
    @Test(arguments: [
        ("Mika Nakashima", "中島美嘉", "Nakashima, Mika", ["Mika Nakashima"]),
        ("Mika Nakashima", "中島美嘉", "Nakashima, Mika", []),
        ("BoA", "보아", "BoA", []),
        ("Kino", "Кино", "Kino", []),
        ("Fairuz", "فيروز", "Fairuz", ["Fairouz"]),
    ])
    func anArtistCreditedInAnotherScriptMatchesByItsSortNameOrAlias(
        sleeve: String, credited: String, sortName: String, aliases: [String]
    ) throws {
        let candidate = try Self.hit(id: "r1", title: "Love", credited: credited, sortName: sortName, aliases: aliases)
        #expect(ReleaseRanker.best([candidate], artist: sleeve, title: "Love")?.id == "r1")
    }

    @Test func anotherArtistOfTheSameTitleStillDoesNotMatch() throws {
        let candidate = try Self.hit(id: "r1", title: "Love", credited: "中島美嘉", sortName: "Nakashima, Mika")
        #expect(ReleaseRanker.best([candidate], artist: "Hikaru Utada", title: "Love") == nil)
    }

    @Test func aCatalogueNumberHitIsNotThrownAwayForAnotherScript() throws {
        let candidate = try Self.hit(
            id: "r1", title: "Love", credited: "中島美嘉", sortName: "中島美嘉", labels: ["Sony"], catalogNumber: "AICL-1485")
        let edition = Edition(catalogNumber: "AICL 1485")
        #expect(ReleaseRanker.best([candidate], artist: "Nakashima", title: "Love", edition: edition)?.id == "r1")
        #expect(ReleaseRanker.best([candidate], artist: "Nakashima", title: "Love") == nil, "without the number, no")
    }

    /// The real mb-solr release-list fixture: the artist `Chiptunes = WIN \m|♥|m/` has the alias `Chiptunes = WIN`.
    @Test(.enabled(if: SampleFiles.available, "needs ../shared/reference/api-samples"))
    func theRealFixturesAliasMatches() throws {
        let body = try SampleFiles.data("mb_release_search_mbsolr_fixture_servable.json")
        let candidates = try #require(ReleaseCandidate.decodeSearch(body))
        #expect(candidates.first?.otherArtistNames.contains("Chiptunes = WIN") == true)
        #expect(ReleaseRanker.best(candidates, artist: "Chiptunes = WIN", title: "Chiptunes = WIN \\m|♥|m/") != nil)
    }

    // Finding 2: titles and names made only of symbols.
    @Test func titlesOfSymbolsAreToldApart() {
        let plus = ReleaseCandidate(id: "plus", score: 100, title: "+", artist: "Ed Sheeran", date: "2011-09-09")
        let divide = ReleaseCandidate(id: "divide", score: 90, title: "÷", artist: "Ed Sheeran", date: "2017-03-03")
        #expect(ReleaseRanker.best([plus, divide], artist: "Ed Sheeran", title: "÷")?.id == "divide")
        #expect(ReleaseRanker.best([plus], artist: "Ed Sheeran", title: "÷") == nil)
        #expect(ReleaseRanker.best([plus, divide], artist: "Ed Sheeran", title: "+")?.id == "plus")
    }

    @Test(arguments: [
        ("Ed Sheeran", "÷", "Ed Sheeran", "+"),
        ("Ed Sheeran", "×", "Ed Sheeran", "="),
        ("!!!", "Thr!!!er", "???", "Thr!!!er"),
        ("Ed Sheeran", "÷", "Ed Sheeran", ""),
    ])
    func symbolKeysDiffer(artistA: String, titleA: String, artistB: String, titleB: String) {
        #expect(AlbumKey(artist: artistA, title: titleA) != AlbumKey(artist: artistB, title: titleB))
    }

    @Test func aSymbolTitleKeepsItsSymbol() {
        #expect(AlbumKey(artist: "Ed Sheeran", title: "÷ (Deluxe)").description == "ed sheeran|÷")
        #expect(AlbumKey(artist: "!!!", title: "Myth Takes").artist == "!!!")
    }

    // Folding keeps the letters of every script, so names in them stay apart and never fold to nothing.
    @Test(arguments: [
        ("中島美嘉", "宇多田ヒカル"), ("아이유", "보아"), ("Кино", "Аквариум"), ("Χαΐνηδες", "Πυξ Λαξ"),
        ("فيروز", "أم كلثوم"), ("שלום חנוך", "אריק איינשטיין"),
    ])
    func foldingKeepsEveryScript(a: String, b: String) {
        #expect(!NameFolding.fold(a).isEmpty && !NameFolding.fold(b).isEmpty)
        #expect(NameFolding.fold(a) != NameFolding.fold(b))
        #expect(AlbumKey(artist: a, title: "1") != AlbumKey(artist: b, title: "1"))
    }

    // Finding 3: a year-only date ties with its year's full dates and does not beat them.
    @Test(arguments: [
        ("2001", "2001-04-25", false), ("2001-04-25", "2001", true), ("2001-04", "2001-04-25", false),
        ("2000", "2001-04-25", true), ("2001-04-25", "2001-05-01", true), (nil, "1999", false), ("1999", nil, true),
    ] as [(String?, String?, Bool)])
    func aDatesPrecisionCounts(a: String?, b: String?, aFirst: Bool) {
        #expect((ReleaseDate(a) < ReleaseDate(b)) == aFirst)
    }

    @Test func theDatedOriginalBeatsAYearOnlyPressing() {
        let vague = ReleaseCandidate(id: "vague", score: 100, title: "Discovery", artist: "Daft Punk", date: "2001")
        let dated = ReleaseCandidate(id: "dated", score: 90, title: "Discovery", artist: "Daft Punk", date: "2001-03-12")
        #expect(ReleaseRanker.best([vague, dated], artist: "Daft Punk", title: "Discovery")?.id == "dated")
        let order = [vague, dated].sorted { MusicBrainzClient.barcodeRank($0) < MusicBrainzClient.barcodeRank($1) }
        #expect(order.first?.id == "dated", "the barcode ranking shares the rule")
    }

    // MusicBrainz's special-purpose label is never shown as a real one.
    @Test func thePlaceholderLabelIsNotALabel() throws {
        let noLabel = try Self.hit(id: "r1", title: "X", credited: "A", sortName: "A", labels: ["[no label]"])
        #expect(noLabel.label == nil && noLabel.facts.label == nil)
        let real = try Self.hit(id: "r2", title: "X", credited: "A", sortName: "A", labels: ["[no label]", "V2"])
        #expect(real.label == "V2")
    }

    // Finding 4: the release's facts fill what the sleeve left empty; what the sleeve said stays.
    @Test func theReleasesFactsFillOnlyWhatTheSleeveLeftEmpty() {
        var sleeve = Album(artist: "Stereophonics", title: "Performance and Cocktails", year: nil, label: nil)
        sleeve.edition = Edition(catalogNumber: "WIJ 1004")
        let release = ReleaseFacts(
            label: "V2", date: "1999-03-08", edition: Edition(catalogNumber: "VVR1004482", format: "CD", country: "GB"),
            barcode: "5033197044822")
        let album = sleeve.completed(by: release)
        #expect(album.label == "V2" && album.year == "1999" && album.barcode == "5033197044822")
        #expect(album.edition == Edition(catalogNumber: "WIJ 1004", format: "CD", country: "GB"))
        #expect(
            album.sources
                == AlbumSources(
                    label: .musicbrainz, year: .musicbrainz, catalogNumber: .sleeve, format: .musicbrainz,
                    country: .musicbrainz, barcode: .musicbrainz))
        var labelled = sleeve
        labelled.label = "Virgin"
        #expect(labelled.completed(by: release).label == "Virgin")
        #expect(labelled.completed(by: release).sources.label == .sleeve)
    }
}
