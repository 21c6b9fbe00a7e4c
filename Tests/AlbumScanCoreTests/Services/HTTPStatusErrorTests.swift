import Foundation
import Testing

@testable import AlbumScanCore

/// Callers see which status a service ended on after retries, so a failing service is told from a missing thing.
@Suite struct HTTPStatusErrorTests {
    private func environment(answering status: Int) -> (AppEnvironment, ScriptedTransport) {
        let transport = ScriptedTransport { _ in HTTPResponse(status: status) }
        // Replaying: nothing reaches MusicBrainz, so no spacing between the attempts.
        let environment = AppEnvironment(
            settings: Settings(), home: FileManager.default.temporaryDirectory,
            transportMode: .replaying(FileManager.default.temporaryDirectory), transport: transport,
            sleep: { _ in }, random: { 0 })
        return (environment, transport)
    }

    @Test(arguments: [(503, 4), (404, 1)])
    func musicBrainzEndsOnATypedStatus(status: Int, attempts: Int) async {
        let (environment, transport) = environment(answering: status)
        await #expect(throws: HTTPStatusError(status: status, service: "MusicBrainz")) {
            try await MusicBrainzClient(environment: environment).search("release:x")
        }
        #expect(transport.count == attempts)
        #expect(HTTPStatusError(status: status, service: "MusicBrainz").summary == "MusicBrainz answered HTTP \(status)")
    }

    @Test func coverArtTreatsNotFoundAsNoArt() async throws {
        let (environment, _) = environment(answering: 404)
        let client = CoverArtClient(environment: environment)
        #expect(try await client.frontCover(release: "r", releaseGroup: "g") == nil)
        await #expect(throws: HTTPStatusError(status: 404, service: "cover art")) {
            try await client.download("https://coverartarchive.org/release/r/front")
        }
    }

    @Test func coverArtReportsAFailingArchive() async {
        let (environment, _) = environment(answering: 503)
        await #expect(throws: HTTPStatusError(status: 503, service: "cover art")) {
            try await CoverArtClient(environment: environment).frontCover(release: "r", releaseGroup: "g")
        }
    }
}
