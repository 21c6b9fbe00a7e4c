import AlbumScanCore
import Foundation
import Testing

/// Issue 41, finding 7: `history --failed` names each photo by the path a re-run and `--dismiss` take (no numbering
/// of its own that `show` or `delete` would read as a scan id), can forget a photo, and exports as CSV and JSON.
@Suite struct FailedScanCommandTests {
    /// One identified cover and two failures (a blurred photo, a missing file), scanned one at a time.
    static func failures(_ fixture: CLIFixture) async throws -> (blurred: String, missing: String) {
        let folder = try FailedScanTests.folder(fixture)
        let blurred = folder.appendingPathComponent("blurred.jpg").path
        let missing = folder.appendingPathComponent("typo.jpg").path
        let output = try await fixture.run(["scan", try fixture.cover("01"), blurred, missing, "--jobs", "1"])
        #expect(output.status != 0)
        return (blurred, missing)
    }

    @Test func theListNamesPathsNotNumbers() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let (blurred, missing) = try await Self.failures(fixture)
        let text = try await fixture.run(["history", "--failed"], extraEnvironment: ["COLUMNS": "250"])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("TRIED") && !lines[0].contains("ID"))
        // Each path whole, as a re-run takes it; no row number a user could pass to `show` or `delete`.
        #expect(lines[1].contains(missing) && lines[2].contains(blurred) && lines[2].contains("too blurry"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("20") })
        #expect(text.stderr.contains("albumscan history --failed --dismiss PATH"))
        // On a narrow terminal the path stays whole and the reason moves under it.
        let narrow = try await fixture.run(["history", "--failed"], extraEnvironment: ["COLUMNS": "60"])
        let wrapped = narrow.stdout.split(separator: "\n").map(String.init)
        #expect(wrapped.contains { $0.hasSuffix(blurred) } && wrapped.contains { $0.hasPrefix("    too blurry") })
        let json = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        #expect(json.map { $0["file"] as? String } == [missing, blurred])
        #expect(json.allSatisfy { $0["id"] == nil })
        // The one scan saved is the only id `show` knows.
        #expect(try await fixture.run(["show", "1"]).status == 0)
        #expect(try await fixture.run(["show", "2"]).status == 66)
    }

    @Test func itExportsAsCSVAndJSONLines() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let (blurred, missing) = try await Self.failures(fixture)
        let csv = try await fixture.run(["history", "--failed", "--csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = try HistoryCSVCommandTests.pythonRows(Data(csv.stdout.utf8))
        #expect(rows.first == FailedScanCSV.columns)
        #expect(rows.dropFirst().map { $0[0] } == [missing, blurred])
        #expect(rows[2][4] == "photo-quality" && rows[2][2] == "1" && rows[2][6].count == 64)
        #expect(rows[1][3...4] == ["failed", "unreadable-input"] && rows[1][6] == "")
        #expect(try await fixture.run(["history", "--failed", "--format", "csv"]).stdout == csv.stdout)
        let excel = try await fixture.run(["history", "--failed", "--csv", "--excel"])
        #expect(excel.stdout == "\u{FEFF}" + csv.stdout)
        let jsonl = try await fixture.run(["history", "--failed", "--jsonl"])
        #expect(jsonl.stdout.split(separator: "\n").count == 2)
    }

    @Test func aFailedPhotoCanBeDismissedAllOrNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let (blurred, missing) = try await Self.failures(fixture)
        // An unknown path among known ones: 66, nothing dismissed.
        let unknown = try await fixture.run(["history", "--failed", "--dismiss", missing, "--dismiss", "/nowhere.jpg"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no failed photo at '/nowhere.jpg'; nothing was dismissed"))
        #expect((try await fixture.run(["history", "--failed", "--json"]).json as? [Any])?.count == 2)
        // The mistyped path is forgotten; the path may be written another way.
        let folder = URL(fileURLWithPath: missing).deletingLastPathComponent().path
        let dismissed = try await fixture.run(["history", "--failed", "--dismiss", folder + "/./typo.jpg"])
        #expect(dismissed.status == 0, "\(dismissed.stderr)")
        #expect(dismissed.stdout == "Dismissed \(missing).\n")
        let left = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        #expect(left.map { $0["file"] as? String } == [blurred])
        // --dismiss needs --failed.
        #expect(try await fixture.run(["history", "--dismiss", blurred]).status == 64)
    }
}
