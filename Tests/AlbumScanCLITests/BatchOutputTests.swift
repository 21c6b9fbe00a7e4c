import AlbumScanTestSupport
import Foundation
import Testing

@testable import albumscan

/// What a batch says: a header line per result, and one summary line at the end.
@Suite struct BatchOutputTests {
    static let summaryEnd = #"; (~\$\d+\.\d\d|<\$0\.01|no model calls); (\d+\.\d s|\d+ min \d+ s)$"#

    @Test func eachResultStartsWithItsHeaderAndTheBatchEndsWithOneSummaryLine() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let broken = fixture.covers.appendingPathComponent("00-broken.jpg").path
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: broken))
        let (first, second, unknown) = (try fixture.cover("01"), try fixture.cover("02"), try fixture.cover("11"))
        let output = try await fixture.run(["scan", first, broken, unknown, second, "--jobs", "1", "--no-art"])
        #expect(output.status == 65, "\(output.stderr)")
        let headers = output.stdout.split(separator: "\n").filter { $0.hasPrefix("── ") }.map(String.init)
        #expect(headers.count == 4, "\(output.stdout)")
        #expect(headers.first == "── \(first) · scan #1")
        #expect(headers.dropFirst().first == "── \(broken)", "a failed photo: the file, no id")
        #expect(headers.dropFirst(2).first?.hasPrefix("── \(unknown)") == true)
        #expect(headers.last == "── \(second) · scan #2")
        #expect(output.stdout.contains("\n\n── \(broken)\n"), "a blank line before each header but the first")
        let stderr = output.stderr.split(separator: "\n")
        let summary = try #require(stderr.last.map(String.init))
        #expect(summary.hasPrefix("albumscan: 4 photos: 2 identified, 1 unidentified, 1 failed; "), "\(output.stderr)")
        #expect(summary.range(of: Self.summaryEnd, options: .regularExpression) != nil, "\(summary)")
        #expect(stderr.filter { $0.contains(" photos: ") }.count == 1)
    }

    @Test func freeScansAreCountedByMethod() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        // The same cover at another size: another file's content, so not skipped as already scanned.
        let larger = try fixture.cover("01", width: 960, height: 960)
        let again = fixture.covers.appendingPathComponent("01-again.jpg").path
        try FileManager.default.moveItem(atPath: larger, toPath: again)
        let cover = try fixture.cover("01")
        let output = try await fixture.run(["scan", cover, again, "--jobs", "1", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let method = (output.jsonLines.last?["identification"] as? [String: Any])?["method"] as? String ?? "?"
        let summary = output.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("albumscan: 2 photos: 2 identified (1 free: 1 \(method)); "), "\(output.stderr)")
        #expect(!output.stdout.contains("── "), "no headers in JSON")
    }

    @Test func quietAndSinglePhotosHaveNoSummary() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let (first, second) = (try fixture.cover("01"), try fixture.cover("02"))
        let quiet = try await fixture.run(["scan", first, second, "--quiet", "--no-art", "--jobs", "1"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.contains("── \(first) · scan #1") && quiet.stdout.contains("── \(second) · scan #2"))
        let third = try fixture.cover("03")
        let single = try await fixture.run(["scan", third, "--no-art"])
        #expect(single.status == 0)
        #expect(!single.stderr.contains(" photos: ") && !single.stderr.contains(" photo: "), "\(single.stderr)")
        #expect(single.stdout.hasPrefix("── \(third) · scan #3\n"), "an identified photo names its scan id")
    }
}
