import Testing

@testable import AlbumScanCore

@Suite struct ReviewReplyTests {
    static let good = """
        {"summary":"A defining record.","bullets":["One","Two","Three","Four"],"rating":9.2,
         "recommendation":"essential classic","keyTracks":["Airbag","Paranoid Android","Let Down"]}
        """

    @Test func canonicalisesTheLabelCaseInsensitively() throws {
        let review = try #require(ReviewReply.parse(Self.good, warn: { _ in }))
        #expect(review.recommendation == "Essential Classic")
        #expect(review.rating == 9.2)
        #expect(review.bullets.count == 4)
    }

    @Test(arguments: [(9.5, "Essential Classic"), (6.5, "Reliable Listen"), (1.0, "Avoid Entirely"), (4.8, "Uneven Effort")])
    func mapsAnUnknownLabelByRating(rating: Double, expected: String) throws {
        var warnings: [String] = []
        let text = Self.good.replacingOccurrences(of: "essential classic", with: "Must Buy").replacingOccurrences(
            of: "9.2", with: "\(rating)")
        let review = try #require(ReviewReply.parse(text, warn: { warnings.append($0) }))
        #expect(review.recommendation == expected)
        #expect(warnings.count == 1)
    }

    @Test(arguments: [
        good.replacingOccurrences(of: "9.2", with: "11"),
        good.replacingOccurrences(of: #"["One","Two","Three","Four"]"#, with: #"["One","Two"]"#),
        good.replacingOccurrences(of: #""Let Down""#, with: ""),
        "no json",
    ])
    func rejectsOutOfRangeReplies(text: String) {
        #expect(ReviewReply.parse(text, warn: { _ in }) == nil)
    }

    @Test func capsBulletsAtFiveAndStripsBulletMarks() throws {
        let text = Self.good.replacingOccurrences(of: #"["One","Two","Three","Four"]"#, with: #"["• A","- B","C","D","E","F"]"#)
        let review = try #require(ReviewReply.parse(text, warn: { _ in }))
        #expect(review.bullets == ["A", "B", "C", "D", "E"])
    }

    @Test func cleansCitationURLs() {
        let sources = ReviewReply.cleanSources([
            .init(title: "Pitchfork", url: "https://pitchfork.com/r/ok?utm_source=openai"),
            .init(title: "Pitchfork again", url: "https://pitchfork.com/r/ok"),
            .init(title: "AllMusic", url: "https://www.allmusic.com/a?id=1&utm_source=openai"),
        ])
        #expect(
            sources == [
                .init(title: "Pitchfork", url: "https://pitchfork.com/r/ok"),
                .init(title: "AllMusic", url: "https://www.allmusic.com/a?id=1"),
            ])
    }
}
