import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// Eval judges an answer by the release group of the release the scan chose, also when the model read a catalogue
/// number (the release was then looked up as that edition, under the edition's key).
@Suite struct EvalEditionTests {
    @Test func aReadCatalogueNumberIsJudgedByItsReleaseGroup() async throws {
        let album = FixtureCatalog.editionReadable
        let services = try FixtureWorld.start(albums: [album])
        defer { services.stop() }
        let runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        let folder = runner.home.appendingPathComponent("set")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try album.cover(width: 900, height: 900).write(to: folder.appendingPathComponent("sleeve.jpg"))
        let labels = folder.appendingPathComponent("labels.csv")
        try "file,artist,album,mbid\nsleeve.jpg,\(album.artist),\(album.title),\(album.releaseGroupID)\n"
            .write(to: labels, atomically: true, encoding: .utf8)

        let output = try await runner.run(["eval", labels.path, "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(output.json as? [String: Any])
        let item = try #require((report["items"] as? [[String: Any]])?.first)
        let answer = try #require(item["answer"] as? [String: Any])
        #expect(answer["releaseGroupId"] as? String == album.releaseGroupID)
        #expect(item["outcome"] as? String == "correct")
    }
}
