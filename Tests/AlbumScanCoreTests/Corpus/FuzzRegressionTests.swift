import Foundation
import Testing

@testable import AlbumScanCore

/// Inputs the fuzz targets (Fuzz/) crashed on, kept in `Fuzz/Regressions/<target>/`, replayed in-process.
///
/// Each runs in an exit test (a child process), so a regression fails its test instead of killing the run.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// `Fuzz/Regressions` beside this package.
    static let folder: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("Fuzz/Regressions")
    }()

    static func inputs(_ target: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func data(_ target: String, _ name: String) -> Data {
        (try? Data(contentsOf: folder.appendingPathComponent(target).appendingPathComponent(name))) ?? Data()
    }

    // A MusicBrainz `score` of 1e300, "1e30", "nan" or "-inf" trapped in `Int(Double)` inside decodeSearch.
    @Test("a MusicBrainz search body never crashes the decoder", arguments: inputs("catalog"))
    func catalog(name: String) async {
        await #expect(processExitsWith: .success) { [name] in
            let body = FuzzRegressionTests.data("catalog", name)
            _ = ReleaseCandidate.decodeSearch(body)
            _ = CoverArtListing.decode(body)
        }
    }

    @Test("an out-of-range MusicBrainz score is clamped, not trapped")
    func scoreClamped() async {
        await #expect(processExitsWith: .success) {
            let body = Data(#"{"releases":[{"id":"a","title":"t","score":"1e30"},{"id":"b","title":"u","score":"97"}]}"#.utf8)
            let candidates = ReleaseCandidate.decodeSearch(body) ?? []
            guard candidates.count == 2, candidates[1].score == 97, (0...100).contains(candidates[0].score) else { exit(1) }
        }
    }

    // LenientJSON.object retried matchingBrace from every "{" and each retry scanned to the end: quadratic.
    // 20 000 unclosed braces took 71 s in the fuzzer; an 8 MB reply would take hours.
    @Test("a reply of unbalanced braces is given up on quickly", arguments: inputs("replies"))
    func replies(name: String) async {
        await #expect(processExitsWith: .success) { [name] in
            let text = String(decoding: FuzzRegressionTests.data("replies", name), as: UTF8.self)
            let finished = FuzzRegressionTests.finishes(within: 30) {  // hours when quadratic; generous for loaded CI
                _ = IdentifyReply.parse(text)
                _ = ReviewReply.parse(text, warn: { _ in })
            }
            if !finished { exit(1) }
        }
    }

    /// Whether `body` returns within `seconds`; a hung body keeps its thread until the (exit-test) process ends.
    static func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }
}
