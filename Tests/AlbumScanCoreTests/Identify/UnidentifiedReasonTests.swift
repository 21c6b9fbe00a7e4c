import Testing

@testable import AlbumScanCore

/// The reason an unresolved Call 1 gives, read into a cause, and the next steps each cause offers.
@Suite struct UnidentifiedReasonWordsTests {
    @Test(arguments: [
        (String?("This is the back cover of a record"), UnidentifiedReason.photoOfBack),
        ("Generic company sleeve with no title", .genericArt),
        ("I do not recognise this artwork", .modelDidNotKnow),
        (nil, .modelDidNotKnow),
    ])
    func unresolvedReasonsAreRead(text: String?, expected: UnidentifiedReason) {
        #expect(UnidentifiedReason.unresolved(saying: text) == expected)
    }

    @Test func everyCauseOffersAStepAndNoCommand() {
        for reason in UnidentifiedReason.allCases {
            #expect(!reason.nextSteps.isEmpty, "\(reason)")
            #expect(!reason.words.contains("albumscan") && !reason.words.contains("`"))
        }
        #expect(!UnidentifiedReason.searchNeededBaseTier.nextSteps.contains(.tryAgain), "a retry pays for the same answer")
        let error = AlbumScanError.unidentified(reason: "x", why: .tooLittleText)
        #expect(ScanResult.ErrorObject(error).reason?.code == "too-little-text")
        #expect(ScanResult.ErrorObject(.invalidImage("x")).nextSteps == nil)
    }
}
