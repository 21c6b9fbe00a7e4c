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
