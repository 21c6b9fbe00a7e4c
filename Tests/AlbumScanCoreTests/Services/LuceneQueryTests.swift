import Testing

@testable import AlbumScanCore

@Suite struct LuceneQueryTests {
    @Test(arguments: [
        ("AC/DC", #"ac\/dc"#),
        ("(What's the Story) Morning Glory?", #"\(what's the story\) morning glory\?"#),
        ("Sigur Rós", "sigur rós"),
        ("Earth, Wind & Fire", #"earth, wind \& fire"#),
        ("!!! (Chk Chk Chk)", #"\!\!\! \(chk chk chk\)"#),
        ("\"Weird Al\" Yankovic", #"\"weird al\" yankovic"#),
        ("Sunn O)))", #"sunn o\)\)\)"#),
        ("Rock AND Roll", "rock and roll"),
    ])
    func escapesEverySpecialCharacter(value: String, expected: String) {
        #expect(LuceneQuery.escape(value) == expected)
    }

    @Test func strictQueryQuotesBothFields() {
        #expect(
            LuceneQuery.strict(artist: "\"Weird Al\" Yankovic", title: "Back in Black")
                == #"release:"back in black" AND artist:"\"weird al\" yankovic""#)
    }

    @Test(arguments: [
        ("a+b", "a%2Bb"),
        ("x&y=z", "x%26y%3Dz"),
        ("AC/DC", "AC%2FDC"),
        ("Ágætis byrjun", "%C3%81g%C3%A6tis%20byrjun"),
        ("release:\"ok\"", "release%3A%22ok%22"),
    ])
    func percentEncodesTheWholeQuery(value: String, expected: String) {
        #expect(LuceneQuery.percentEncode(value) == expected)
    }
}

/// The artist index fallback's two queries.
@Suite struct ArtistQueryTests {
    @Test func theArtistIsAskedForByAliasNameAndSortNameInAnyOrder() {
        #expect(
            LuceneQuery.artistNamed("Mika Nakashima")
                == "alias:\"mika nakashima\" OR artist:\"mika nakashima\" OR sortname:(mika AND nakashima)")
        #expect(LuceneQuery.artistNamed("AC/DC").contains("sortname:(ac\\/dc)"))
    }

    @Test func releasesAreAskedForByTheArtistsMBIDUnescaped() {
        #expect(
            LuceneQuery.byArtist(id: "4E9DB7B9-8263-4ee1-8da0-71506eb86a18\" OR x", title: "Love")
                == "release:\"love\" AND arid:4e9db7b9-8263-4ee1-8da0-71506eb86a18")
    }
}
