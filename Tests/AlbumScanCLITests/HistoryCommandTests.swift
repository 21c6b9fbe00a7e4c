import Foundation
import Testing

@Suite struct HistoryCommandTests {
    @Test func historyIsNewestFirstAndShowMatchesTheScanUntilDeleted() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let first = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        let second = try await fixture.run(["scan", try fixture.cover("02"), "--json"])
        #expect(first.status == 0 && second.status == 0)
        let scanned = try #require(second.jsonLines.first)

        let history = try await fixture.run(["history", "--json"])
        let items = try #require(history.json as? [[String: Any]])
        #expect(items.map { $0["scanId"] as? Int } == [2, 1])
        #expect((items[0]["album"] as? [String: Any])?["title"] as? String == "Tide Tables (Deluxe Edition)")
        #expect((items[0]["review"] as? [String: Any])?["rating"] as? Double != nil)
        #expect((items[0]["scannedAt"] as? String)?.hasSuffix("Z") == true)

        let show = try await fixture.run(["show", "2", "--json"])
        let shown = try #require(show.json as? [String: Any])
        #expect(
            NSDictionary(dictionary: shown["album"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: scanned["album"] as? [String: Any] ?? [:]))
        #expect(
            NSDictionary(dictionary: shown["review"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: scanned["review"] as? [String: Any] ?? [:]))

        let table = try await fixture.run(["history"])
        #expect(table.stdout.contains("Harbour Lights"))
        #expect(
            table.stdout.range(of: "Harbour Lights")?.lowerBound ?? table.stdout.endIndex
                < table.stdout.range(of: "The Velvet")?.lowerBound ?? table.stdout.startIndex)

        #expect(try await fixture.run(["delete", "2"]).status == 0)
        let gone = try await fixture.run(["show", "2"])
        #expect(gone.status == 66)
        #expect(gone.stderr.contains("no scan with id 2"))
        #expect(try await fixture.run(["delete", "2"]).status == 66)
        let remaining = try await fixture.run(["history", "--json"]).json as? [[String: Any]]
        #expect(remaining?.map { $0["scanId"] as? Int } == [1])
    }

    @Test func historyPaginatesWithBefore() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02", "05"] { _ = try await fixture.run(["scan", try fixture.cover(prefix), "--json"]) }
        let page = try await fixture.run(["history", "--json", "--limit", "2"]).json as? [[String: Any]]
        #expect(page?.map { $0["scanId"] as? Int } == [3, 2])
        let next = try await fixture.run(["history", "--json", "--limit", "2", "--before", "2"]).json as? [[String: Any]]
        #expect(next?.map { $0["scanId"] as? Int } == [1])
    }
}
