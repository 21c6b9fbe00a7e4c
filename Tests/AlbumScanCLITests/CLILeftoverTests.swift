import AlbumScanTestSupport
import Foundation
import Testing

/// The CLI's leftovers of issue 50 (item 8): a stopped batch's headers say why, `history` on a broken home exits 74,
/// negative numbers are out of range, not missing, the CSV has price and comments, a full last page prints no
/// "More", and a numbered SKU says which numbers it gave.
@Suite struct CLILeftoverTests {
    @Test("a batch stopped by the quota: the photo it stopped on says why under its header")
    func aStoppedBatchSaysWhyUnderItsHeader() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try await fixture.run(["account", "set-tier", "base"])
        #expect(try await fixture.run(["account", "set-limit", "1"]).status == 0)
        let covers = [try fixture.cover("01"), try fixture.cover("02"), try fixture.cover("05")]
        let output = try await fixture.run(["scan", "--no-local", "--jobs", "1"] + covers)
        #expect(output.status == 77, "\(output.stderr)")
        let second = (covers[1] as NSString).lastPathComponent
        let headers = output.stdout.split(separator: "\n").filter { $0.hasPrefix("── ") }
        for header in headers where !header.contains("scan #") {
            let file = String(header.dropFirst(3))
            #expect(output.stderr.contains("\(file): not scanned: the batch stopped"), "\(output.stderr)")
        }
        #expect(headers.contains { $0.contains(second) }, "\(output.stdout)")
        #expect(output.stderr.contains("limit of 1 paid scans a month is used up"))
    }

    @Test("history on a home that is a file exits 74 with one line, as scan does")
    func historyOnAFileHomeExits74() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let file = fixture.covers.appendingPathComponent("home-file")
        try Data("x".utf8).write(to: file)
        let home = ["ALBUMSCAN_HOME": file.path]
        let history = try await fixture.run(["history"], extraEnvironment: home)
        #expect(history.status == 74, "\(history.stdout)\(history.stderr)")
        #expect(!history.stdout.contains("Scan your first album"))
        #expect(history.stderr.contains("is a file") && history.stderr.split(separator: "\n").count == 1, "\(history.stderr)")
        let scan = try await fixture.run(["scan", try fixture.cover("01")], extraEnvironment: home)
        #expect(scan.status == 74)
    }

    @Test(
        "a negative number is out of range, not a missing value",
        arguments: [
            (["history", "--limit", "-1"], "--limit -1 is out of range; it takes a whole number from 1 to 10000"),
            (["account", "set-limit", "-5"], "set-limit -5 is out of range; it takes a number of scans a month"),
            (["history", "--limit=-1"], "--limit must be between 1 and 10000"),
        ])
    func negativeNumbersAreOutOfRange(arguments: [String], expected: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains(expected), "\(output.stderr)")
        #expect(!output.stderr.contains("Missing"))
    }

    @Test("--csv carries the price and the comments")
    func csvCarriesPriceAndComments() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let scan = try await fixture.run(["scan", try fixture.cover("01"), "--price", "12,50", "--comments", "=light wear"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let csv = try await fixture.run(["history", "--csv"])
        let lines = csv.stdout.components(separatedBy: "\r\n")
        #expect(lines.first?.hasSuffix(",sku,price,comments") == true, "\(lines.first ?? "")")
        #expect(lines.dropFirst().first?.hasSuffix(",12.50,'=light wear") == true, "\(csv.stdout)")
    }

    @Test("a page of exactly --limit scans prints no More; one more scan does")
    func aFullLastPagePrintsNoMore() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02"] { #expect(try await fixture.run(["scan", try fixture.cover(prefix)]).status == 0) }
        let exact = try await fixture.run(["history", "--limit", "2"])
        #expect(exact.status == 0 && !exact.stderr.contains("More"), "\(exact.stderr)")
        let short = try await fixture.run(["history", "--limit", "1"])
        #expect(short.stderr.contains("More: albumscan history --before 2 --limit 1"), "\(short.stderr)")
    }

    @Test("edit 1-3 --sku 'B-{n}' says which number each scan got")
    func aNumberedSKUSaysTheNumbers() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02", "05"] { #expect(try await fixture.run(["scan", try fixture.cover(prefix)]).status == 0) }
        let edit = try await fixture.run(["edit", "1-3", "--sku", "B-{n}"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stdout.contains("SKUs given: scan 1: B-1, scan 2: B-2, scan 3: B-3."), "\(edit.stdout)")
        let plain = try await fixture.run(["edit", "2", "--sku", "X-9"])
        #expect(!plain.stdout.contains("SKUs given"))
    }
}
