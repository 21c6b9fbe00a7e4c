import AlbumScanCore
import Foundation
import Testing

/// Issue 41, finding 3: shop fields follow what the shop meant. One plain SKU is never stamped on many photos (a
/// pattern numbers them), a re-run that names fields sets them on the photos it skips, and `--rescan` replaces a
/// scan in place instead of adding a second row without its fields.
@Suite struct ShopIntentTests {
    static func show(_ fixture: CLIFixture, _ id: Int) async throws -> [String: Any] {
        try #require(try await fixture.run(["show", "\(id)", "--json"]).json as? [String: Any])
    }

    @Test func onePlainSKUForSeveralPhotosOrScansIsRefused() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = [try fixture.cover("01"), try fixture.cover("02")]
        let scan = try await fixture.run(["scan"] + covers + ["--sku", "A-1"])
        #expect(scan.status == 64)
        #expect(
            scan.stderr
                == "albumscan: --sku 'A-1' would give the same SKU to 2 photos; give each its own with a pattern, like --sku 'A-1-{n}' (numbered from the next free number), or set one at a time\n"
        )
        #expect(fixture.services.openAI.calls.isEmpty, "nothing was read or sent")
        // A folder counts its photos.
        #expect(try await fixture.run(["scan", fixture.covers.path, "--sku", "A-1"]).status == 64)

        #expect(try await fixture.run(["scan"] + covers + ["--jobs", "1"]).status == 0)
        let edit = try await fixture.run(["edit", "1-2", "--sku", "A-1"])
        #expect(edit.status == 64)
        #expect(edit.stderr.hasPrefix("albumscan: --sku 'A-1' would give the same SKU to 2 scans;"))
        #expect(edit.stderr.split(separator: "\n").count == 1)
        #expect(try await Self.show(fixture, 1)["sku"] is NSNull)
        // One scan takes a plain SKU.
        #expect(try await fixture.run(["edit", "2", "--sku", "A-1"]).status == 0)
    }

    @Test func aPatternNumbersFromTheNextFreeNumber() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = [try fixture.cover("01"), try fixture.cover("02")]
        let first = try await fixture.run(["scan"] + covers + ["--sku", "A-{n}", "--jobs", "1", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.jsonLines.map { $0["sku"] as? String } == ["A-1", "A-2"])
        // The next run goes on from A-3; another pattern starts at 1.
        let third = try await fixture.run(["scan", try fixture.cover("05"), "--sku", "A-{n}", "--json"])
        #expect(third.jsonLines.first?["sku"] as? String == "A-3")
        let other = try await fixture.run(["scan", try fixture.cover("06"), "--sku", "box {n}", "--json"])
        #expect(other.jsonLines.first?["sku"] as? String == "box 1")
        // edit numbers the scans it names in id order, not counting their own SKUs as taken.
        let edit = try await fixture.run(["edit", "1-2", "4", "--sku", "A-{n}"])
        #expect(edit.status == 0, "\(edit.stderr)")
        var skus: [String?] = []
        for id in 1...4 { skus.append(try await Self.show(fixture, id)["sku"] as? String) }
        #expect(skus == ["A-4", "A-5", "A-3", "A-6"])
    }

    @Test func aReRunSetsTheFieldsItNamesOnThePhotosItSkipsAndSaysSo() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let covers = [try fixture.cover("01"), try fixture.cover("02")]
        #expect(try await fixture.run(["scan"] + covers + ["--sku", "A-{n}", "--jobs", "1", "--location", "Bin 1"]).status == 0)
        let calls = fixture.services.openAI.calls.count
        // The grades forgotten the first time; the pattern keeps the SKUs the photos already have.
        let again = try await fixture.run(["scan"] + covers + ["--media-condition", "VG+", "--sku", "A-{n}"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(fixture.services.openAI.calls.count == calls, "no model call")
        #expect(again.stderr.contains("2 photos: 0 identified, 2 skipped (shop fields set on 2 already scanned)"))
        #expect(again.stderr.contains("skipped 2 photos already scanned, shop fields set on them (--rescan scans them again)"))
        for (id, sku) in [(1, "A-1"), (2, "A-2")] {
            let shown = try await Self.show(fixture, id)
            #expect(shown["mediaCondition"] as? String == "Very Good Plus (VG+)")
            #expect(shown["location"] as? String == "Bin 1" && shown["sku"] as? String == sku)
        }
        // With --json each skipped line says so; a run naming no field sets nothing and says nothing of it.
        let json = try await fixture.run(["scan"] + covers + ["--json", "--price", "9"])
        #expect(json.jsonLines.count == 2)
        for line in json.jsonLines {
            let skipped = try #require(line["skipped"] as? [String: Any])
            #expect(skipped["reason"] as? String == "already-scanned" && skipped["shopFieldsSet"] as? Bool == true)
        }
        #expect(try await Self.show(fixture, 1)["price"] as? String == "9")
        let plain = try await fixture.run(["scan"] + covers + ["--json"])
        #expect((plain.jsonLines.first?["skipped"] as? [String: Any])?["shopFieldsSet"] == nil)
        let single = try await fixture.run(["scan", covers[1], "--comments", "seam split"])
        #expect(single.stderr.contains("already scanned as #2; the shop fields named were set on it"))
    }

    @Test func aRescanReplacesTheScanInPlaceKeepingItsShopFields() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let cover = try fixture.cover("01")
        let first = try await fixture.run(["scan", cover, "--json", "--location", "Bin 4", "--price", "12"])
        let firstAt = try #require(first.jsonLines.first?["scannedAt"] as? String)
        try await Task.sleep(for: .milliseconds(1100))
        let again = try await fixture.run(["scan", cover, "--rescan", "--json", "--no-local", "--media-condition", "NM"])
        #expect(again.status == 0, "\(again.stderr)")
        let line = try #require(again.jsonLines.first)
        #expect(line["scanId"] as? Int == 1)
        #expect(line["location"] as? String == "Bin 4" && line["price"] as? String == "12")
        #expect(line["mediaCondition"] as? String == "Near Mint (NM or M-)")
        #expect((line["scannedAt"] as? String ?? "") > firstAt)
        let history = try #require(try await fixture.run(["history", "--json"]).json as? [[String: Any]])
        #expect(history.count == 1 && history.first?["scannedAt"] as? String == line["scannedAt"] as? String)
        // The quota still counts both paid scans.
        let account = try #require(try await fixture.run(["account", "--json"]).json as? [String: Any])
        #expect(account["scansUsed"] as? Int == 2)
    }
}
