import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The photo-quality check and barcodes through the built binary, requests counted at the fakes.
@Suite struct QualityCheckTests {
    func blurred(_ fixture: CLIFixture) throws -> String {
        let image = try QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 11).photo(.blurred, 0)
        let file = fixture.covers.appendingPathComponent("blurred.jpg")
        try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 90).write(to: file)
        return file.path
    }

    /// A blurred photo: exit 65, code photo-quality, the fix on stderr, no request to OpenAI, no quota used.
    @Test func aBlurredPhotoExits65WithoutPaying() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", "--json", try blurred(fixture)])
        #expect(output.status == 65)
        let error = output.jsonLines.first?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "photo-quality")
        #expect(error?["message"] as? String == "too blurry: hold still and tap to focus")
        #expect(output.stderr.contains("too blurry: hold still and tap to focus"))
        #expect(fixture.services.openAI.calls.isEmpty)
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 0)
    }

    /// `--no-quality-check` sends it to the model anyway.
    @Test func noQualityCheckSendsItAnyway() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let output = try await fixture.run(["scan", "--json", "--no-quality-check", try blurred(fixture)])
        #expect(output.status != 65)
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == 1)
    }

    /// A back sleeve with a listed barcode: method barcode, calls 0, album.barcode, one `barcode:` query.
    @Test func aBarcodeSleeveNeedsNoIdentificationCall() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let file = fixture.covers.appendingPathComponent("back.jpg")
        try BarcodeSleeve.jpeg(digits: FixtureBarcodes.signalBloom).write(to: file)
        let output = try await fixture.run(["scan", "--json", file.path])
        #expect(output.status == 0)
        let line = try #require(output.jsonLines.first)
        let identification = line["identification"] as? [String: Any]
        #expect(identification?["method"] as? String == "barcode")
        #expect(identification?["calls"] as? Int == 0)
        #expect((line["album"] as? [String: Any])?["barcode"] as? String == FixtureBarcodes.signalBloom)
        #expect(fixture.services.openAI.calls.filter(\.hasImage).isEmpty)
        #expect(fixture.services.musicBrainz.searches.filter { $0.query.hasPrefix("barcode:") }.count == 1)
        let shown = try await fixture.run(["show", "--json", "1"]).json as? [String: Any]
        #expect((shown?["identification"] as? [String: Any])?["method"] as? String == "barcode")
        #expect((shown?["album"] as? [String: Any])?["barcode"] as? String == FixtureBarcodes.signalBloom)
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 0)
        #expect(account?["freeScans"] as? [String: Int] == ["barcode": 1, "local": 0, "duplicate": 0])
        #expect(try await fixture.run(["account"]).stdout.contains("Free scans:      1 this month, no model call (barcode 1)"))
    }
}
