import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// `scan FRONT --back BACK`, `scan DIR --sides front,back` and `edit ID --back BACK` (DESIGN wave 5, issue 50 item 2)
/// against the fakes, with identification calls counted at the fake OpenAI.
@Suite struct SleeveBackCommandTests {
    /// A generated back sleeve printing `digits` as an EAN-13.
    static func back(_ digits: String, named name: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent(name)
        try BarcodeSleeve.jpeg(digits: digits).write(to: file)
        return file.path
    }

    /// The model calls that carry a photo: identification, not reviews.
    static func identificationCalls(_ fixture: CLIFixture) -> Int { fixture.services.openAI.calls.filter(\.hasImage).count }

    static func album(_ line: [String: Any]) -> [String: Any] { line["album"] as? [String: Any] ?? [:] }

    @Test func aFrontWithItsBackIsOneScanOfTheBacksReleaseWithNoIdentificationCall() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let front = try fixture.cover("01")
        let back = try Self.back(FixtureBarcodes.signalBloom, named: "back.jpg", in: fixture.covers)

        let scanned = try await fixture.run(["scan", front, "--back", back, "--json"])

        #expect(scanned.status == 0, "\(scanned.stderr)")
        let line = try #require(scanned.jsonLines.first)
        #expect(scanned.jsonLines.count == 1 && line["file"] as? String == front)
        let identification = try #require(line["identification"] as? [String: Any])
        #expect(identification["method"] as? String == "barcode" && identification["calls"] as? Int == 0)
        let album = Self.album(line)
        #expect(album["musicbrainzReleaseId"] as? String == FixtureCatalog.albums[0].releaseID)
        #expect(album["barcode"] as? String == FixtureBarcodes.signalBloom)
        #expect((album["sources"] as? [String: String])?["barcode"] == "back")
        #expect(Self.identificationCalls(fixture) == 0)
        let history = try #require(try await fixture.run(["history", "--json"]).json as? [[String: Any]])
        #expect(history.count == 1, "one scan for the pair, not one per photo")
    }

    @Test func aFolderShotFrontThenBackIsScannedInPairs() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let crate = fixture.covers.appendingPathComponent("crate")
        try FileManager.default.createDirectory(at: crate, withIntermediateDirectories: true)
        let (bloom, apogee) = (try #require(fixture.album("01")), try #require(fixture.album("07")))
        try bloom.cover(width: 900, height: 900).write(to: crate.appendingPathComponent("IMG_0001.jpg"))
        _ = try Self.back(FixtureBarcodes.signalBloom, named: "IMG_0002.jpg", in: crate)
        try apogee.cover(width: 900, height: 900).write(to: crate.appendingPathComponent("IMG_0003.jpg"))
        _ = try Self.back(try #require(FixtureBarcodes.printed(on: apogee)), named: "IMG_0004.jpg", in: crate)

        let scanned = try await fixture.run(["scan", crate.path, "--sides", "front,back", "--json", "--jobs", "1"])

        #expect(scanned.status == 0, "\(scanned.stderr)")
        let lines = scanned.jsonLines
        #expect(
            lines.map { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                "IMG_0001.jpg", "IMG_0003.jpg",
            ])
        #expect(lines.map { Self.album($0)["musicbrainzReleaseId"] as? String } == [bloom.releaseID, apogee.releaseID])
        #expect(lines.allSatisfy { ($0["identification"] as? [String: Any])?["method"] as? String == "barcode" })
        #expect(Self.identificationCalls(fixture) == 0)
    }

    @Test(arguments: [
        (["--sides", "front,back"], 3, "odd count"),
        (["--sides", "back,front"], 2, "--sides takes front,back"),
        (["--back", "BACK"], 2, "--back goes with one front photo"),
    ])
    func badPairingsAreUsageErrors(flags: [String], photos: Int, message: String) async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let files = try (0..<photos).map { index in
            try Self.back(FixtureBarcodes.signalBloom, named: "photo-\(index).jpg", in: fixture.covers)
        }
        let back = try Self.back(FixtureBarcodes.signalBloom, named: "back.jpg", in: fixture.covers)
        let arguments = ["scan"] + files + flags.map { $0 == "BACK" ? back : $0 }
        let output = try await fixture.run(arguments)
        #expect(output.status == 64 && output.stderr.contains(message), "\(output.status) \(output.stderr)")
        #expect(fixture.services.openAI.calls.isEmpty)
    }

    @Test func editBackPinsTheScanAndLogsTheChange() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("01")]).status == 0)
        let calls = Self.identificationCalls(fixture)
        let back = try Self.back(FixtureBarcodes.signalBloom, named: "back.jpg", in: fixture.covers)

        let pinned = try await fixture.run(["edit", "1", "--back", back])

        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stdout.contains("Corrected scan 1: Signal Bloom by The Velvet Circuit"), "\(pinned.stdout)")
        let shown = try #require(try await fixture.run(["show", "1", "--json"]).json as? [String: Any])
        #expect(shown["version"] as? Int == 2)
        let album = Self.album(shown)
        #expect(album["barcode"] as? String == FixtureBarcodes.signalBloom)
        #expect((album["sources"] as? [String: String])?["barcode"] == "back")
        let changes = try await fixture.run(["show", "1", "--changes"])
        #expect(changes.stdout.contains("v2") && changes.stdout.contains(FixtureBarcodes.signalBloom), "\(changes.stdout)")
        #expect(Self.identificationCalls(fixture) == calls, "no identification call")
    }

    @Test func editBackOfAnotherAlbumExits65NamingItAndChangesNothing() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        #expect(try await fixture.run(["scan", try fixture.cover("07")]).status == 0)
        let before = try #require(try await fixture.run(["show", "1", "--json"]).json as? [String: Any])
        let back = try Self.back(FixtureBarcodes.signalBloom, named: "back.jpg", in: fixture.covers)

        let refused = try await fixture.run(["edit", "1", "--back", back])

        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("Signal Bloom by The Velvet Circuit") && refused.stderr.contains("nothing was changed"))
        #expect(refused.stderr.contains(FixtureCatalog.albums[0].releaseID))
        let after = try #require(try await fixture.run(["show", "1", "--json"]).json as? [String: Any])
        #expect(after["version"] as? Int == 1)
        #expect(NSDictionary(dictionary: Self.album(before)) == NSDictionary(dictionary: Self.album(after)))
    }

    @Test func aBackWithNoBarcodeSaysToPhotographItAgain() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let front = try fixture.cover("12")
        let scanned = try await fixture.run(["scan", front, "--back", front])
        #expect(scanned.status == 65 && scanned.stderr.contains("photograph the barcode"), "\(scanned.stderr)")
        #expect(fixture.services.openAI.calls.isEmpty)
        #expect(try await fixture.run(["scan", front]).status == 0)
        let edited = try await fixture.run(["edit", "1", "--back", front])
        #expect(edited.status == 65 && edited.stderr.contains("no barcode could be read"), "\(edited.stderr)")
    }

    @Test func helpNamesTheBackFlags() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let scan = try await fixture.run(["scan", "--help"])
        #expect(scan.stdout.contains("--back <back>") && scan.stdout.contains("--sides <order>"), "\(scan.stdout)")
        let edit = try await fixture.run(["edit", "--help"])
        #expect(edit.stdout.contains("--back <back>") && edit.stdout.contains("pins"), "\(edit.stdout)")
    }
}
