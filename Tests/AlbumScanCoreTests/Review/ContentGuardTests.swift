import Testing

@testable import AlbumScanCore

@Suite struct ContentGuardTests {
    @Test(arguments: [
        "Original copies sell for $300 today.",
        "It is worth a fortune to collectors.",
        "A first pressing is worth 200 dollars.",
        "The resale market for this record is hot.",
        "This is a valuable record to own.",
        "A smart investment for any shelf.",
        "Look for the rare pressing on Harvest.",
        "The 1973 pressing sounds thin.",
        "Its market value keeps rising.",
        "Highly collectible on vinyl.",
        "It has become a collector's item.",
        "Prices have doubled since 2010.",
        "Expect to pay £40 for it.",
    ])
    func flagsMoneyTalk(text: String) {
        #expect(ContentGuard.flags(text))
    }

    @Test(arguments: [
        "Worth hearing from start to finish.",
        "The album is worth your time.",
        "A rare moment of calm closes side two.",
        "Its shock value has faded, but the songs remain.",
        "The band tackles pressing issues of the day.",
        "Pitchfork rated it 8.5 and called it a landmark.",
        "It topped the Billboard 200 for 31 weeks.",
        "Money (the song) is a highlight.",
    ])
    func letsMusicTalkThrough(text: String) {
        #expect(!ContentGuard.flags(text))
    }

    @Test func scrubsOnlyTheOffendingSentencesAndBullets() throws {
        let review = Review(
            summary: "A landmark of 1970s rock. Original copies sell for $300. It still sounds huge.",
            bullets: ["Spent weeks at number one.", "A great investment.", "Opens with a classic riff."],
            rating: 9, recommendation: "Essential Classic", keyTracks: ["Track One", "Track Two", "Track Three"])
        let clean = try #require(ContentGuard.scrubbed(review))
        #expect(clean.summary == "A landmark of 1970s rock. It still sounds huge.")
        #expect(clean.bullets == ["Spent weeks at number one.", "Opens with a classic riff."])
        #expect(!ContentGuard.flags(clean))
    }
}
