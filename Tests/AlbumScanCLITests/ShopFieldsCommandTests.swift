import AlbumScanCore
import Foundation
import Testing

/// The shop's fields: set with `scan --…` on every photo of a run, changed with `edit ID...` all or nothing, shown
/// by `show` and carried in `show --json`.
@Suite struct ShopFieldsCommandTests {
    /// Every shop field, as typed (short grade forms) and as stored.
    static let typed = [
        "--media-condition", "vg+", "--sleeve-condition", "not graded", "--location", "Bin 4", "--sku", "A-17",
        "--comments", "-small seam split", "--price", "12.50",
    ]
    static let stored: [String: String] = [
        "mediaCondition": "Very Good Plus (VG+)", "sleeveCondition": "Not Graded", "location": "Bin 4", "sku": "A-17",
        "comments": "-small seam split", "price": "12.50",
    ]

    /// The shop fields of a `show --json` object (or scan line), as strings; NSNull for null.
    static func shopFields(_ object: [String: Any]) -> [String: Any] {
        object.filter { stored.keys.contains($0.key) }
    }

    static func show(_ fixture: CLIFixture, _ id: Int) async throws -> [String: Any] {
        let output = try await fixture.run(["show", "\(id)", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(output.json as? [String: Any])
    }

    @Test func scanFlagsAreSavedWithEveryPhotoOfTheRun() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        // Several photos take a SKU pattern (one plain SKU for all of them is refused: see SKUPatternCommandTests).
        let typed = Self.typed.map { $0 == "A-17" ? "A-{n}" : $0 }
        let output = try await fixture.run(["scan", try fixture.cover("01"), try fixture.cover("02"), "--json"] + typed)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.jsonLines.count == 2)
        let withoutSKU = Self.stored.filter { $0.key != "sku" }
        for line in output.jsonLines {
            #expect(Self.shopFields(line).filter { $0.key != "sku" } as? [String: String] == withoutSKU)
        }
        #expect(Set(output.jsonLines.compactMap { $0["sku"] as? String }) == ["A-1", "A-2"])
        for id in [1, 2] {
            let shown = try await Self.show(fixture, id)
            #expect(Self.shopFields(shown).filter { $0.key != "sku" } as? [String: String] == withoutSKU)
        }
        // The price the shop typed never reaches a model: not the identify call, not the review.
        let sent = fixture.services.openAI.calls.map { String(decoding: $0.request.body, as: UTF8.self) }
        #expect(!sent.isEmpty && sent.allSatisfy { !$0.contains("12.50") && !$0.contains("Bin 4") })
        // The details view shows the fields as typed.
        let text = try await fixture.run(["show", "1", "--no-art"])
        for line in [
            "Media: Very Good Plus (VG+)", "Sleeve: Not Graded", "Location: Bin 4", "SKU: A-", "Comments: -small seam split",
            "Price: 12.50",
        ] {
            #expect(text.stdout.contains(line), "\(line)")
        }
    }

    @Test func aScanWithoutShopFieldsCarriesThemAsNull() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01"), "--json"])
        let line = try #require(output.jsonLines.first)
        #expect(Self.shopFields(line).count == 6 && Self.shopFields(line).values.allSatisfy { $0 is NSNull })
        // The album always carries the catalogue keys (null or empty when nothing is known).
        let album = try #require(line["album"] as? [String: Any])
        for key in ["catalogNumber", "format", "country", "discogsReleaseId", "discogsIdSource", "discogsReleaseIds"] {
            #expect(album.keys.contains(key), "\(key)")
        }
        let text = try await fixture.run(["show", "1", "--no-art"])
        for label in ["Media:", "Sleeve:", "Location:", "SKU:", "Comments:", "Price:"] {
            #expect(!text.stdout.contains(label), "\(label)")
        }
    }

    @Test(
        "a bad grade or price stops the scan before anything is read or sent: exit 64, one line naming what is accepted",
        arguments: [
            (["--media-condition", "EX"], "Mint (M), Near Mint (NM or M-), Very Good Plus (VG+), Very Good (VG), Good Plus (G+), Good (G), Fair (F), Poor (P); or the short forms"),
            (["--sleeve-condition", "VG++"], "Poor (P), Generic, Not Graded, No Cover; or the short forms M, NM (or M-), VG+, VG, G+, G, F, P"),
            (["--media-condition", "Generic"], "--media-condition 'Generic' is not a Discogs grade"),
            (["--price", "1,234.50"], "use a number like 12 or 12.50"),
            (["--price", "free"], "--price 'free' is not a price"),
        ])
    func badValuesAreUsageErrors(arguments: [String], named: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", try fixture.cover("01")] + arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains(named), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(fixture.services.openAI.calls.isEmpty)
        #expect((try await fixture.run(["history", "--json"]).json as? [Any])?.isEmpty == true, "nothing was saved")
        // The same values are refused by edit.
        let edit = try await fixture.run(["edit", "1"] + arguments)
        #expect(edit.status == 64 && edit.stderr.contains(named))
    }

    @Test func editSetsEveryFieldOnSeveralIdsAndClearsOne() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02", "05"] {
            #expect(try await fixture.run(["scan", try fixture.cover(prefix), "--json"]).status == 0)
        }
        // Every field on 1 and 3, by id and range; two scans take a numbered SKU
        let edit = try await fixture.run(["edit", "1", "3-3"] + Self.typed.map { $0 == "A-17" ? "A-{n}" : $0 })
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(
            edit.stdout
                == "Edited 2 scans (1, 3): media condition \"Very Good Plus (VG+)\", sleeve condition \"Not Graded\", "
                + "location \"Bin 4\", SKU numbered \"A-{n}\", comments \"-small seam split\", price \"12.50\".\n"
                + "SKUs given: scan 1: A-1, scan 3: A-2.\n")
        for (id, sku) in [(1, "A-1"), (3, "A-2")] {
            var stored = Self.stored
            stored["sku"] = sku
            #expect(Self.shopFields(try await Self.show(fixture, id)) as? [String: String] == stored)
        }
        #expect(Self.shopFields(try await Self.show(fixture, 2)).values.allSatisfy { $0 is NSNull })

        // One field at a time, each alone, on one scan; the others keep their values
        let single: [(String, String, String, String)] = [
            ("--media-condition", "Near Mint (NM or M-)", "mediaCondition", "Near Mint (NM or M-)"),
            ("--media-condition", "m-", "mediaCondition", "Near Mint (NM or M-)"),
            ("--sleeve-condition", "no cover", "sleeveCondition", "No Cover"),
            ("--location", "Crate 2, back", "location", "Crate 2, back"),
            ("--sku", "=SKU", "sku", "=SKU"),
            ("--comments", "Sealed \"hype\" sticker", "comments", "Sealed \"hype\" sticker"),
            ("--price", "7", "price", "7"),
        ]
        var expected: [String: Any] = Self.stored
        for (option, value, key, stored) in single {
            let output = try await fixture.run(["edit", "2", option, value])
            #expect(output.status == 0, "\(option): \(output.stderr)")
            expected[key] = stored
            #expect((try await Self.show(fixture, 2))[key] as? String == stored, "\(option)")
        }

        // An empty value clears a field; --json prints the edited items as `show --json` does
        let cleared = try await fixture.run(["edit", "1-2", "--location", "", "--price", "", "--json"])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let items = try #require(cleared.json as? [[String: Any]])
        #expect(items.map { $0["scanId"] as? Int } == [1, 2])
        #expect(items.allSatisfy { $0["location"] is NSNull && $0["price"] is NSNull })
        #expect(items[0]["mediaCondition"] as? String == "Very Good Plus (VG+)")
        #expect(items[1]["sku"] as? String == "=SKU" && items[1]["album"] is [String: Any])
        let text = try await fixture.run(["edit", "3", "--comments", ""])
        #expect(text.stdout == "Edited scan 3: comments cleared.\n")
    }

    @Test func editIsAllOrNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        for prefix in ["01", "02"] {
            #expect(try await fixture.run(["scan", try fixture.cover(prefix), "--json"]).status == 0)
        }
        // An unknown id among known ones: exit 66 naming it, nothing changed
        let unknown = try await fixture.run(["edit", "1-2", "5", "7-9", "--location", "Bin 1"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr == "albumscan: no scan with ids 5, 7-9; nothing was changed. Run `albumscan history` to list scans\n")
        for id in [1, 2] { #expect((try await Self.show(fixture, id))["location"] is NSNull) }

        // No field: exit 64, one line; malformed ids: 64
        let none = try await fixture.run(["edit", "1"])
        #expect(none.status == 64 && none.stderr.contains("name a field to change: --media-condition"))
        for bad in [["a"], ["2-1"], ["0"], []] {
            #expect(try await fixture.run(["edit"] + bad + ["--sku", "x"]).status == 64, "\(bad)")
        }
        // A bad grade with a good field changes nothing either
        let mixed = try await fixture.run(["edit", "1", "--location", "Bin 1", "--media-condition", "great"])
        #expect(mixed.status == 64)
        #expect((try await Self.show(fixture, 1))["location"] is NSNull)
    }
}
