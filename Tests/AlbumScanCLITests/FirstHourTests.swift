import AlbumScanCore
import Foundation
import Testing

@testable import albumscan

/// Issue 41, finding 8: the smaller things a shop's first hour tripped over.
@Suite struct FirstHourTests {
    /// Saves `count` scans straight into the store, with a location and SKU on the first.
    static func fill(_ fixture: CLIFixture, count: Int) throws {
        let store = try StoreDatabase(path: fixture.runner.home.appendingPathComponent(AlbumStore.defaultFileName).path)
        for index in 0..<count {
            var scan = NewScan(
                scannedAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)), fileName: "s\(index).jpg",
                inputSha256: String(repeating: "ef", count: 32), tier: .base, calls: 1, searchGate: .notNeeded,
                album: Album(artist: "Artist \(index)", title: "Title \(index)"), artworkStatus: .unavailable,
                artworkURL: nil, reviewStatus: .unavailable, reviewKey: nil, promptHash: "", timings: [:])
            if index == 0 {
                scan.shop = ShopFields(
                    mediaCondition: "Very Good Plus (VG+)", sleeveCondition: "Near Mint (NM or M-)", location: "Back Wall",
                    sku: "ZX-42", price: "30")
            }
            _ = try store.saveScan(scan)
        }
    }

    /// macOS leaves `._NAME` files beside photos on exFAT and USB drives: not photos, not failures, no exit 65.
    @Test func appleDoubleFilesAreSkippedSilently() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        _ = try fixture.cover("01")
        // An AppleDouble header (magic 0x00051607), as macOS writes it.
        let appleDouble = Data([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + Array(repeating: 0, count: 74))
        try appleDouble.write(to: fixture.covers.appendingPathComponent("._01-velvet-circuit.jpg"))
        try appleDouble.write(to: fixture.covers.appendingPathComponent(".DS_Store"))
        let output = try await fixture.run(["scan", fixture.covers.path, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.jsonLines.count == 1)
        #expect(!output.stderr.contains("not a photo") && !output.stderr.contains("._"))
        let failed = try await fixture.run(["history", "--failed", "--json"])
        #expect((failed.json as? [Any])?.isEmpty == true)
        #expect(InputList.isMacMetadata(Array("._x.heic".utf8)) && !InputList.isMacMetadata(Array("_x.jpg".utf8)))
    }

    /// A backup reads every scan: the JSON forms are not cut at the text table's page of 20.
    @Test func jsonAndJSONLinesListEveryScanWithoutALimit() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try Self.fill(fixture, count: 25)
        let json = try await fixture.run(["history", "--json"])
        #expect((json.json as? [Any])?.count == 25)
        let jsonl = try await fixture.run(["history", "--jsonl"])
        #expect(jsonl.stdout.split(separator: "\n").count == 25)
        #expect(jsonl.stderr.isEmpty)
        // --limit still pages, and the table keeps its page of 20.
        #expect((try await fixture.run(["history", "--json", "--limit", "5"]).json as? [Any])?.count == 5)
        let table = try await fixture.run(["history"])
        #expect(table.stdout.split(separator: "\n").count == 21 && table.stderr.hasPrefix("More: "))
    }

    @Test func searchFindsLocationAndSKUAndTheTableShowsShopFields() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try Self.fill(fixture, count: 3)
        for text in ["back wall", "zx-4"] {
            let found = try #require(try await fixture.run(["history", "--search", text, "--json"]).json as? [[String: Any]])
            #expect(found.map { $0["scanId"] as? Int } == [1], "\(text)")
        }
        let table = try await fixture.run(["history"], extraEnvironment: ["COLUMNS": "132"])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("SHOP"))
        #expect(lines.last?.contains("ZX-42 · Back Wall · VG+/NM") == true, "\(table.stdout)")
        #expect(!table.stdout.contains("30"), "no price in the table")
        #expect(HistoryTable.shopCell(ShopFields(sleeveCondition: "Generic")) == "-/Generic")
    }

    @Test func aTypoedCommandGetsASuggestion() async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let typo = try await runner.run(["histroy"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr
                == "albumscan: unknown command 'histroy'; did you mean `albumscan history`? (`albumscan --help` lists the commands)\n"
        )
        let photo = try await runner.run(["cover.jpg"])
        #expect(photo.status == 64 && photo.stderr.contains("to scan a photo, run `albumscan scan cover.jpg`"))
        #expect(ArgumentHints.nearest(to: "acount", among: CommandRunner.commandNames) == "account")
        #expect(ArgumentHints.nearest(to: "sacn", among: CommandRunner.commandNames) == "scan")
        #expect(ArgumentHints.nearest(to: "zzz", among: CommandRunner.commandNames) == nil)
    }

    @Test(arguments: [["show", "-1"], ["delete", "-3"], ["edit", "-2", "--location", "x"]])
    func aNegativeIdIsInvalidNotMissing(arguments: [String]) async throws {
        let runner = try CLIRunner()
        defer { runner.remove() }
        let output = try await runner.run(arguments)
        #expect(output.status == 64)
        #expect(
            output.stderr
                == "albumscan: '\(arguments[1])' is not a scan id: ids are whole numbers from 1, as `albumscan history` lists them\n"
        )
    }

    /// history, show and delete read only the store: a bad scan setting is reported by the commands that use it.
    @Test func aBadSettingDoesNotBlockOfflineHistory() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        try Self.fill(fixture, count: 2)
        let bad = ["ALBUMSCAN_HTTP_TIMEOUT": "1e16", "ALBUMSCAN_MUSICBRAINZ_URL": "ftp://nowhere"]
        let history = try await fixture.run(["history", "--json"], extraEnvironment: bad)
        #expect(history.status == 0, "\(history.stderr)")
        #expect((history.json as? [Any])?.count == 2)
        #expect(try await fixture.run(["show", "1"], extraEnvironment: bad).status == 0)
        #expect(try await fixture.run(["delete", "2"], extraEnvironment: bad).status == 0)
        // A scan needs those settings: 78, naming the first.
        let scan = try await fixture.run(["scan", try fixture.cover("01")], extraEnvironment: bad)
        #expect(scan.status == 78)
    }

    /// `account`: "1 call", and dollars rounded to a millionth.
    @Test func accountSaysOneCallAndRoundsTheSpend() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let store = try StoreDatabase(path: fixture.runner.home.appendingPathComponent(AlbumStore.defaultFileName).path)
        // 16001 × $2.50 + 1 × $10 per million: 0.0400125 in exact arithmetic, not in floating point.
        try store.recordUsage(model: "gpt-4o", promptTokens: 16001, completionTokens: 1, at: Date())
        try store.recordUsage(model: "gpt-4o", promptTokens: 1, completionTokens: 1, at: Date())
        let text = try await fixture.run(["account"])
        #expect(text.stdout.contains("openai gpt-4o: 2 calls"), "\(text.stdout)")
        try store.recordUsage(model: "gpt-4o-search-preview", promptTokens: 3, completionTokens: 3, at: Date())
        let one = try await fixture.run(["account"])
        #expect(one.stdout.contains("gpt-4o-search-preview: 1 call, "), "\(one.stdout)")
        let json = try await fixture.run(["account", "--json"])
        let spend = try #require(json.stdout.split(separator: "\n").first { $0.contains("\"estimatedSpendUSD\"") })
        let number = spend.split(separator: ":").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }
        let decimals = number?.split(separator: ".").last?.count ?? 99
        #expect(decimals <= 6, "\(spend)")
        #expect("\(AccountPrinter.dollars(0.040002499999999996))" == "0.040003")
    }
}
