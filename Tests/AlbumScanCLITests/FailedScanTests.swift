import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Photos that failed or found nothing stay in the store until a scan of them is saved: `history --failed` lists
/// them, and a plain re-run retries exactly those.
@Suite struct FailedScanTests {
    /// A folder of one good cover, one blurred photo and one cover the model cannot name.
    static func folder(_ fixture: CLIFixture) throws -> URL {
        _ = try fixture.cover("01")
        _ = try fixture.cover("11")
        let image = try QualityEvalSet(imagery: MatchEvalSet.syntheticImagery(count: 4), seed: 11).photo(.blurred, 0)
        try JPEGEncoder.encodeRGB(image.pixels, width: image.width, height: image.height, quality: 90)
            .write(to: fixture.covers.appendingPathComponent("blurred.jpg"))
        return fixture.covers
    }

    /// The file's name: the store keeps the path as it was given.
    static func name(_ item: [String: Any]) -> String? { (item["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }

    @Test func failuresAreListedRetriedAndSettledBySavedScans() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let folder = try Self.folder(fixture)
        let first = try await fixture.run(["scan", folder.path, "--json", "--jobs", "1"])
        #expect(first.jsonLines.map { $0["status"] as? String } == ["identified", "unidentified", "failed"])

        let listed = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        // Newest first. The batch reads a photo ahead of its turn, so the blurred photo (refused as it is read) may
        // fail before the cover the model cannot name: compare them by name.
        let byName = Dictionary(
            uniqueKeysWithValues: listed.map { item in
                (Self.name(item) ?? "", "\(item["status"] ?? "") \((item["error"] as? [String: Any])?["code"] ?? "")")
            })
        #expect(byName == ["blurred.jpg": "failed photo-quality", "11-blurred-frame.jpg": "unidentified unidentified"])
        #expect(listed.allSatisfy { ($0["inputSha256"] as? String)?.count == 64 && $0["tries"] as? Int == 1 })
        let text = try await fixture.run(["history", "--failed"])
        let lines = text.stdout.split(separator: "\n")
        // The paths are long here: each reason goes on the line under its file.
        #expect(lines.count == 5)
        #expect(lines.first?.hasPrefix("TRIED") == true)
        let blurred = try #require(lines.firstIndex { $0.contains("blurred.jpg") && !$0.contains("11-blurred") })
        #expect(lines[blurred].contains("photo-quality") && lines[blurred + 1].contains("too blurry"))
        // Scans and failures are listed apart.
        #expect((try await fixture.run(["history", "--json"]).json as? [Any])?.count == 1)

        // A plain re-run skips the identified cover and tries the other two again.
        let imageCalls = fixture.services.openAI.calls.filter(\.hasImage).count
        let again = try await fixture.run(["scan", folder.path, "--json", "--jobs", "1"])
        #expect(again.jsonLines.map { $0["status"] as? String } == ["skipped", "unidentified", "failed"])
        #expect(fixture.services.openAI.calls.filter(\.hasImage).count == imageCalls + 1, "only the unidentified cover is sent")
        let retried = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        #expect(retried.map { $0["tries"] as? Int } == [2, 2])

        // The blurred file is replaced by a good photo: saved, so it leaves the list; its old content's row does
        // not come back either.
        try Data(contentsOf: URL(fileURLWithPath: try fixture.cover("02"))).write(to: folder.appendingPathComponent("blurred.jpg"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("02-harbour-lights.jpg"))
        let third = try await fixture.run(["scan", folder.path, "--json", "--jobs", "1"])
        #expect(third.jsonLines.map { $0["status"] as? String } == ["skipped", "unidentified", "identified"])
        let left = try #require(try await fixture.run(["history", "--failed", "--json"]).json as? [[String: Any]])
        #expect(left.map { Self.name($0) } == ["11-blurred-frame.jpg"])
        #expect(try await fixture.run(["history", "--failed", "--search", "BLURRED-F"]).stdout.contains("11-blurred-frame.jpg"))
        let none = try await fixture.run(["history", "--failed", "--search", "nothing-like-it", "--json"])
        #expect((none.json as? [Any])?.isEmpty == true)
    }

    /// A problem of the whole run (here a missing key) says nothing about the photos: none is listed as failed.
    @Test func aBatchStopIsNotAFailureOfThePhotos() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let folder = try Self.folder(fixture)
        let output = try await fixture.run(["scan", folder.path, "--json"], extraEnvironment: ["OPENAI_API_KEY": ""])
        #expect(output.status == 78)
        let empty = try await fixture.run(["history", "--failed"])
        #expect(empty.stdout == "No failed scans: every photo tried has a saved scan.\n")
        #expect(try await fixture.run(["history", "--failed", "--method", "model"]).status == 64)
        #expect(try await fixture.run(["history", "--failed", "--format", "discogs-inventory"]).status == 64)
    }
}
