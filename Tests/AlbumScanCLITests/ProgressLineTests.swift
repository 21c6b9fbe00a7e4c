import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// The progress line's script: messages, the 3.5 s switch, the ellipsis and the "found" hold.
@Suite struct ProgressLineTests {
    static let start = Date(timeIntervalSince1970: 1_000)
    static let album = Album(artist: "The Velvet Circuit", title: "Signal Bloom")

    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test(arguments: [
        (0.0, "Extracting text and examining album art."),
        (0.6, "Extracting text and examining album art.."),
        (1.2, "Extracting text and examining album art..."),
        (1.6, "Extracting text and examining album art."),
        (3.4, "Extracting text and examining album art."),
        (3.5, "Flipping through every record bin in existence.."),
        (8.5, "Flipping through every record bin in existence..."),
    ])
    func identifyingSwitchesAfterThreeAndAHalfSeconds(elapsed: Double, expected: String) async {
        let events = [
            ProgressLine.Event(stage: .preparing, at: Self.start), ProgressLine.Event(stage: .identifying, at: Self.start),
        ]
        #expect(ProgressLine.text(events, now: Self.at(elapsed)) == expected)
    }

    /// A service's pause (Discogs' 429) shows with the seconds left, then the line goes back to the stage before it.
    @Test func aServicesPauseShowsItsCountdownThenGivesTheLineBack() {
        let events = [
            ProgressLine.Event(stage: .reviewing, at: Self.at(0)),
            ProgressLine.Event(stage: .waiting(service: "Discogs", until: Self.at(5)), at: Self.at(1)),
        ]
        #expect(ProgressLine.text(events, now: Self.at(1.2)) == "Waiting for Discogs (it asked for a pause): 4 s")
        #expect(ProgressLine.text(events, now: Self.at(4.5)) == "Waiting for Discogs (it asked for a pause): 1 s")
        #expect(ProgressLine.text(events, now: Self.at(5.5))?.hasPrefix(ProgressLine.reviewing) == true)
    }

    @Test func foundHoldsThenTheReviewMessageAnimates() async {
        let events = [
            ProgressLine.Event(stage: .identifying, at: Self.start),
            ProgressLine.Event(stage: .found(Self.album), at: Self.at(2)),
            ProgressLine.Event(stage: .reviewing, at: Self.at(2)),
        ]
        #expect(ProgressLine.text(events, now: Self.at(2.5)) == "We found Signal Bloom by The Velvet Circuit")
        #expect(ProgressLine.text(events, now: Self.at(3.0)) == "Writing a review that's somehow both pretentious and correct.")
        #expect(ProgressLine.text(events, now: Self.at(4.0)) == "Writing a review that's somehow both pretentious and correct...")
        let saving = events + [ProgressLine.Event(stage: .saving, at: Self.at(4.1))]
        #expect(ProgressLine.text(saving, now: Self.at(4.2)) == "Writing a review that's somehow both pretentious and correct...")
    }

    @Test func nothingIsSaidWhilePreparingAndRemoteNamesAreMadeSafe() async {
        #expect(ProgressLine.text([ProgressLine.Event(stage: .preparing, at: Self.start)], now: Self.start) == nil)
        let hostile = Album(artist: "Evil\u{1B}]0;pwned\u{07} Band", title: "Clear\u{1B}[2J\u{9B}31m Screen")
        let text = ProgressLine.text([ProgressLine.Event(stage: .found(hostile), at: Self.start)], now: Self.start)
        #expect(text == "We found Clear Screen by Evil Band")
    }
}
