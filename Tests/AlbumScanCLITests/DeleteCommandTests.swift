import Foundation
import Testing

/// `delete ID...`: several ids and ranges in one transaction, all or nothing.
@Suite struct DeleteCommandTests {
    private func remaining(_ fixture: CLIFixture) async throws -> [Int]? {
        (try await fixture.run(["history", "--json"]).json as? [[String: Any]])?.compactMap { $0["scanId"] as? Int }
    }

    @Test func severalIdsAndRangesAllOrNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02", "05", "07"] {
            #expect(try await fixture.run(["scan", try fixture.cover(prefix), "--json"]).status == 0)
        }

        // Any unknown id: nothing is deleted, exit 66 naming every unknown one
        let unknown = try await fixture.run(["delete", "1-2", "9", "6-7"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no scan with ids 6-7, 9; nothing was deleted"))
        #expect(try await remaining(fixture) == [4, 3, 2, 1])

        // Malformed ids: exit 64, nothing is deleted
        for bad in [["a"], ["5-3"], ["0"], ["1", "2-x"], []] {
            let output = try await fixture.run(["delete"] + bad)
            #expect(output.status == 64, "\(bad): \(output.stderr)")
        }
        #expect(try await remaining(fixture) == [4, 3, 2, 1])

        // Ids and ranges together, with JSON
        let json = try await fixture.run(["delete", "3", "1-2", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == #"{"deleted":[1,2,3]}"# + "\n")
        #expect(try await remaining(fixture) == [4])

        let text = try await fixture.run(["delete", "4"])
        #expect(text.stdout == "Deleted scan 4.\n")
        #expect(try await fixture.run(["delete", "4"]).stderr.contains("no scan with id 4; run `albumscan history`"))
    }
}
