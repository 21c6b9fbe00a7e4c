import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct EvalVerdictTests {
    static let group = "abe84210-18cd-4697-86b9-e97aea25dc3b"
    static let release = "561b37c9-9cc9-4cb9-826d-bff927e3c4e9"

    /// A label, the answer's artist and title, and the verdict.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: EvalLabel
        var answer: (artist: String, album: String)
        var outcome: EvalItem.Outcome
        var testDescription: String { "\(label.artist) / \(label.album) / \(label.mbid ?? "-") vs \(answer)" }

        init(_ artist: String, _ album: String, mbid: String? = nil, answer: (String, String), _ outcome: EvalItem.Outcome) {
            label = EvalLabel(line: 2, file: "a.jpg", artist: artist, album: album, mbid: mbid)
            self.answer = answer
            self.outcome = outcome
        }
    }

    static let cases: [Case] = [
        Case("The Velvet Circuit", "Signal Bloom", answer: ("Velvet Circuit", "Signal Bloom (2019 Remaster)"), .correct),
        Case("Sigur Rós", "Ágætis byrjun", answer: ("SIGUR ROS", "Agætis Byrjun"), .correct),
        Case("Earth, Wind & Fire", "Gratitude", answer: ("Earth Wind and Fire", "Gratitude"), .correct),
        Case("Radiohead", "OK Computer", answer: ("Radiohead", "Kid A"), .wrong),
        Case("Radiohead", "OK Computer", answer: ("Radiohead", "OK Computer OKNOTOK"), .wrong),
        // An mbid label must name the answer's release group; a release id is accepted too.
        Case("The Velvet Circuit", "Signal Bloom", mbid: group, answer: ("The Velvet Circuit", "Signal Bloom"), .correct),
        Case("The Velvet Circuit", "Signal Bloom", mbid: release, answer: ("The Velvet Circuit", "Signal Bloom"), .correct),
        Case(
            "The Velvet Circuit", "Signal Bloom", mbid: "00000000-0000-4000-8000-000000000000",
            answer: ("The Velvet Circuit", "Signal Bloom"), .wrong),
    ]

    @Test(arguments: cases)
    func verdict(_ check: Case) {
        let answer = EvalItem.Answer(
            artist: check.answer.artist, album: check.answer.album, releaseId: Self.release.uppercased(),
            releaseGroupId: Self.group)
        #expect(EvalItem.verdict(check.label, answer) == check.outcome)
    }

    @Test func judgesEachStatusAndDerivesTheMethod() {
        let label = EvalLabel(line: 3, file: "p.jpg", artist: "Low Orbit", album: "Apogee")
        let identification = { (calls: Int) in ScanResult.IdentificationSummary(calls: calls, searchGate: .notNeeded) }
        var byModel = ScanResult(
            file: "/x/p.jpg", status: .identified,
            album: Album(artist: "Low Orbit", title: "Apogee", musicbrainzReleaseId: Self.release),
            identification: identification(1))
        byModel.verification = Verification(status: .verified, score: 0.9, releaseId: Self.release)
        byModel.releaseGroupId = Self.group
        let item = EvalItem.judge(label, result: byModel, seconds: 0.12345)
        #expect(item.outcome == .correct)
        #expect(item.method == "model")
        #expect(item.verification == .verified)
        #expect(item.seconds == 0.123)
        #expect(
            item.answer
                == EvalItem.Answer(artist: "Low Orbit", album: "Apogee", releaseId: Self.release, releaseGroupId: Self.group))

        var bySearch = byModel
        bySearch.identification = identification(2)
        bySearch.album?.title = "Perigee"
        let searched = EvalItem.judge(label, result: bySearch, seconds: 1)
        #expect(searched.outcome == .wrong)
        #expect(searched.method == "search")

        let unidentified = ScanResult.failed(file: "p.jpg", .unidentified(reason: "no"), identification: identification(1))
        let none = EvalItem.judge(label, result: unidentified, seconds: 1)
        #expect(none.outcome == .unidentified && none.method == nil && none.answer == nil && none.error == "unidentified")

        var duplicate = byModel
        duplicate.identification = .init(calls: 0, searchGate: .notNeeded, method: .duplicate, duplicateOf: "a.jpg")
        #expect(EvalItem.judge(label, result: duplicate, seconds: 1).method == "duplicate")

        let failed = EvalItem.judge(label, result: .failed(file: "p.jpg", .serviceFailed("no recording")), seconds: 1)
        #expect(failed.outcome == .failed && failed.error == "service-failed")
    }

    static let percentiles: [(p: Double, values: [Double], expected: Double?)] = [
        (50, [], nil),
        (50, [3], 3),
        (50, [4, 1, 3, 2], 2),
        (95, [4, 1, 3, 2], 4),
        (95, (1...20).map(Double.init), 19),
        (95, (1...100).map(Double.init), 95),
        (50, (1...9).map(Double.init), 5),
    ]

    @Test(arguments: percentiles)
    func nearestRankPercentile(p: Double, values: [Double], expected: Double?) {
        #expect(Percentile.nearestRank(p, of: values) == expected)
    }
}
