import Foundation
import Testing

/// `history --json`/`--jsonl` carry what `show --json` prints, and the filters hold in every output form.
@Suite struct HistoryFilterCommandTests {
    /// Scans the covers of 01 (The Velvet Circuit), 02 (Harbour Lights) and 05 (AC/DZ), ids 1, 2 and 3.
    private func scanThree(_ fixture: CLIFixture) async throws {
        for prefix in ["01", "02", "05"] {
            let scan = try await fixture.run(["scan", try fixture.cover(prefix), "--json"])
            #expect(scan.status == 0, "\(scan.stderr)")
        }
    }

    private func ids(_ output: CLIRunner.Output) -> [Int]? {
        (output.json as? [[String: Any]])?.compactMap { $0["scanId"] as? Int }
    }

    @Test func jsonItemsAreWhatShowPrints() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await scanThree(fixture)

        let jsonl = try await fixture.run(["history", "--jsonl"])
        #expect(jsonl.status == 0, "\(jsonl.stderr)")
        let lines = jsonl.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for (line, id) in zip(lines, [3, 2, 1]) {
            let show = try await fixture.run(["show", "\(id)", "--json"])
            #expect(line + "\n" == show.stdout)
        }

        let json = try await fixture.run(["history", "--json"])
        let items = try #require(json.json as? [[String: Any]])
        #expect(items.count == 3)
        for (item, line) in zip(items, lines) {
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(NSDictionary(dictionary: item) == NSDictionary(dictionary: shown))
            #expect(
                Set(item.keys).isSuperset(of: [
                    "file", "status", "scanId", "scannedAt", "album", "identification",
                    "artwork", "review", "verification", "diagnostics",
                ]))
        }
        #expect(try await fixture.run(["history", "--jsonl", "--json"]).status == 64)
        #expect(try await fixture.run(["history", "--jsonl", "--csv"]).status == 64)
    }

    @Test func filtersHoldInEveryOutputForm() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try await scanThree(fixture)
        let shown = try #require(try await fixture.run(["show", "2", "--json"]).json as? [String: Any])
        let method = try #require((shown["identification"] as? [String: Any])?["method"] as? String)
        let verification = try #require((shown["verification"] as? [String: Any])?["status"] as? String)
        let otherMethod = method == "barcode" ? "local" : "barcode"

        // Each filter alone and together, in JSON
        #expect(ids(try await fixture.run(["history", "--json", "--search", "HARBOUR"])) == [2])
        #expect(ids(try await fixture.run(["history", "--json", "--search", "back in beige"])) == [3])
        #expect(ids(try await fixture.run(["history", "--json", "--search", "05-ac-dz"])) == [3])  // the file name
        #expect(ids(try await fixture.run(["history", "--json", "--search", "nothing like it"])) == [])
        #expect(ids(try await fixture.run(["history", "--json", "--since", "2000-01-01"])) == [3, 2, 1])
        #expect(ids(try await fixture.run(["history", "--json", "--since", "2999-01-01T00:00:00Z"])) == [])
        #expect(ids(try await fixture.run(["history", "--json", "--search", "harbour", "--method", method])) == [2])
        #expect(ids(try await fixture.run(["history", "--json", "--search", "harbour", "--method", otherMethod])) == [])
        #expect(
            ids(try await fixture.run(["history", "--json", "--search", "harbour", "--verification", verification])) == [2])
        // With paging
        #expect(ids(try await fixture.run(["history", "--json", "--since", "2000-01-01", "--limit", "2"])) == [3, 2])
        #expect(ids(try await fixture.run(["history", "--json", "--since", "2000-01-01", "--before", "2"])) == [1])

        // JSON Lines
        let jsonl = try await fixture.run(["history", "--jsonl", "--search", "harbour"])
        #expect(jsonl.jsonLines.map { $0["scanId"] as? Int } == [2])

        // The table, its empty message and its next-page hint
        let table = try await fixture.run(["history", "--search", "harbour"])
        #expect(table.stdout.contains("Harbour Lights") && !table.stdout.contains("Velvet") && !table.stdout.contains("AC/DZ"))
        let none = try await fixture.run(["history", "--search", "nothing like it"])
        #expect(none.status == 0 && none.stdout.contains("No scans match these filters."))
        let paged = try await fixture.run(["history", "--since", "2000-01-01", "--limit", "1"])
        #expect(paged.stderr.contains("More: albumscan history --before 3 --limit 1 --since 2000-01-01"))
        let quoted = try await fixture.run(["history", "--search", "i", "--limit", "1"])
        #expect(quoted.stderr.contains("--search i"))
        // One match on a page of one: nothing more to page to (issue 50: no "More" on a full last page).
        let spaced = try await fixture.run(["history", "--search", "Tide Tables", "--limit", "1"])
        #expect(spaced.status == 0 && !spaced.stderr.contains("More"), "\(spaced.stderr)")

        // CSV
        let csv = try await fixture.run(["history", "--csv", "--search", "harbour"])
        #expect(csv.status == 0 && csv.stdout.contains("Harbour Lights") && !csv.stdout.contains("Velvet"))
        #expect(csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 2)

        // HTML
        let html = try await fixture.run(["history", "--html", "-", "--search", "harbour"])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("Harbour Lights") && !html.stdout.contains("Velvet Circuit"))
    }

    @Test(arguments: [
        (["--since", "yesterday"], "YYYY-MM-DD"), (["--since", "2026-02-30"], "ISO 8601"),
        (["--since", "2026-13-01"], "local midnight"),
        (["--method", "ocr"], "model, search, local, barcode, duplicate"),
        (["--verification", "ok"], "verified, mismatch, unsure, unchecked"), (["--search", ""], "--search"),
    ])
    func aBadFilterIsAUsageErrorNamingWhatItTakes(arguments: [String], named: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for form in [[], ["--json"], ["--jsonl"], ["--csv"], ["--html", "page.html"]] {
            let output = try await fixture.run(["history"] + form + arguments)
            #expect(output.status == 64, "\(form + arguments): \(output.stderr)")
            #expect(output.stderr.contains(named))
        }
    }
}
