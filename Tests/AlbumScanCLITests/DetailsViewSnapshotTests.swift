import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// The text details view, colour off, at 80 columns, compared line for line with what Feature 3 asks for.
@Suite struct DetailsViewSnapshotTests {
    static let album = Album(
        artist: "The Velvet Circuit", title: "Signal Bloom", year: "1998", genres: ["Electronic", "Trip Hop"],
        label: "Loopback Records")

    static let review = Review(
        summary:
            "Signal Bloom is the 1998 record by The Velvet Circuit, a patient trip hop album that rewards close listening. "
            + "Its slow builds and dub-wise space made it a late-night staple.",
        bullets: [
            "Critics praised its patient arrangements and the way the bass sits under everything without ever crowding the voice.",
            "The opening track sets the mood with a slow build.",
            "Its production still sounds clean and spacious.",
        ],
        rating: 8.5, recommendation: "Essential Classic", keyTracks: ["Opening Signal", "Middle Distance", "Last Light", "Coda"])

    static func result(review: Review?, artwork: ArtworkStatus = .fetched) -> ScanResult {
        ScanResult(
            stored: StoredScan(
                id: 7, scannedAt: Date(timeIntervalSince1970: 1_700_000_000), fileName: "cover.jpg", inputSha256: "",
                tier: .base, calls: 1, searchGate: .notNeeded, album: album, artworkStatus: artwork, artworkURL: nil,
                reviewStatus: review == nil ? .unavailable : .generated, reviewKey: nil, review: review, promptHash: "",
                timings: [:]))
    }

    static func render(_ result: ScanResult, art: DetailsView.Art) -> String {
        DetailsView(result: result, style: TextStyle(enabled: false), width: 80, art: art).render()
    }

    static let header = """
        The Velvet Circuit
        Signal Bloom

        Released: 1998
        Genre: Electronic, Trip Hop
        Label: Loopback Records

        """

    static let reviewBody = """
        Signal Bloom is the 1998 record by The Velvet Circuit, a patient trip hop album
        that rewards close listening. Its slow builds and dub-wise space made it a
        late-night staple.

          • Critics praised its patient arrangements and the way the bass sits under
            everything without ever crowding the voice.
          • The opening track sets the mood with a slow build.
          • Its production still sounds clean and spacious.

        Rating: 8.5/10

        🎵 Key Tracks
          1. Opening Signal
          2. Middle Distance
          3. Last Light
          4. Coda
        """

    static let disclaimer = """
        Reviews are written by AI from public information and can contain mistakes. A
        review is saved and reused when the album is scanned again.
        """

    @Test func fullReviewInFeatureThreeOrder() async {
        let expected = """
            ┌──────────────────────────┐
            │                          │
            │ Album art not shown here │
            │                          │
            └──────────────────────────┘
            ESSENTIAL CLASSIC  8.5

            \(Self.header)
            \(Self.reviewBody)

            \(Self.disclaimer)
            """
        #expect(Self.render(Self.result(review: Self.review), art: .notShown) == expected)
    }

    /// The verification line sits under the badge, in plain words: no score in text mode.
    @Test(arguments: [
        (Verification.Status.verified, ["✓ The artwork on file matches your photo."]),
        (
            .mismatch,
            [
                "⚠ The artwork on file does not match your photo: this may be another edition, or",
                "a wrong identification.",
            ]
        ),
        (.unsure, []),
        (.unchecked, []),
    ])
    func verificationLineUnderTheBadge(_ status: Verification.Status, _ line: [String]) async {
        var result = Self.result(review: Self.review)
        result.verification = Verification(status: status, score: 0.73, releaseId: "r")
        let expected =
            (["ESSENTIAL CLASSIC  8.5"] + line).joined(separator: "\n") + """


                \(Self.header)
                \(Self.reviewBody)

                \(Self.disclaimer)
                """
        #expect(Self.render(result, art: .omitted) == expected)
        #expect(!Self.render(result, art: .omitted).contains("0.73"))
    }

    @Test func missingArtworkShowsTheGreyPlaceholder() async {
        let expected = """
            ┌──────────────────────────┐
            │                          │
            │  Album art unavailable   │
            │                          │
            └──────────────────────────┘
            ESSENTIAL CLASSIC  8.5

            \(Self.header)
            \(Self.reviewBody)

            \(Self.disclaimer)
            """
        #expect(Self.render(Self.result(review: Self.review, artwork: .unavailable), art: .unavailable) == expected)
    }

    @Test func failedReviewShowsTheSeedTexts() async {
        let expected = """
            ┌──────────────────────────┐
            │                          │
            │  Album art unavailable   │
            │                          │
            └──────────────────────────┘

            \(Self.header)
            ⚠ Review Temporarily Unavailable
            The album was identified and saved, but its review could not be written this
            time.
            💡 Tip: run `albumscan scan cover.jpg --rescan` to retry the review.

            \(Self.disclaimer)
            """
        #expect(Self.render(Self.result(review: nil, artwork: .unavailable), art: .unavailable) == expected)
    }

    @Test func ultraReviewListsItsSourcesWithoutArt() async {
        var review = Self.review
        review.sources = [
            Review.Source(title: "Signal Bloom review - Pitchfork", url: "https://pitchfork.com/reviews/albums/signal-bloom/"),
            Review.Source(title: "Signal Bloom - AllMusic", url: "https://www.allmusic.com/album/signal-bloom"),
        ]
        let expected = """
            ESSENTIAL CLASSIC  8.5

            \(Self.header)
            \(Self.reviewBody)

            Sources
              - Signal Bloom review - Pitchfork
                https://pitchfork.com/reviews/albums/signal-bloom/
              - Signal Bloom - AllMusic
                https://www.allmusic.com/album/signal-bloom

            \(Self.disclaimer)
            """
        #expect(Self.render(Self.result(review: review), art: .omitted) == expected)
    }

    @Test func drawnArtComesFirstAndColourWrapsTheBadge() async {
        let view = DetailsView(
            result: Self.result(review: Self.review), style: TextStyle(enabled: true), width: 80, art: .drawn(["ART-1", "ART-2"]))
        let lines = view.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(2)) == ["ART-1", "ART-2"])
        #expect(lines[2].contains("ESSENTIAL CLASSIC") && lines[2].contains("\u{1B}[1;92;40m8.5"))
    }

    @Test(arguments: [30, 44, 80, 200])
    func noLineRunsPastTheWidth(width: Int) async {
        var review = Self.review
        review.summary += " " + String(repeating: "Supercalifragilistic", count: 6)
        let text = DetailsView(
            result: Self.result(review: review), style: TextStyle(enabled: false), width: width, art: .notShown
        )
        .render()
        for line in text.split(separator: "\n") where !line.contains("https://") {
            #expect(TextWrap.columns(line) <= max(width, 28), "\(line)")
        }
    }
}
