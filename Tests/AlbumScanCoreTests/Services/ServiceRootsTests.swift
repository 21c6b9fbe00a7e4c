import Foundation
import Testing

@testable import AlbumScanCore

/// Recordings match on the service and the path below its configured root, across hosts, ports and base paths.
@Suite struct ServiceRootsTests {
    static let proxied: ServiceRoots = {
        var settings = Settings()
        settings.openAIBaseURL = URL(string: "http://gateway.local/openai/v1")!
        settings.musicBrainzURL = URL(string: "http://127.0.0.1:5001/ws/2/")!
        settings.coverArtURL = URL(string: "http://127.0.0.1:5002")!
        return ServiceRoots(settings: settings)
    }()

    @Test(arguments: [
        ("http://gateway.local/openai/v1/chat/completions", "openai", "/chat/completions"),
        ("http://GATEWAY.local:80/openai/v1/chat/completions", "openai", "/chat/completions"),
        ("http://gateway.local/openai/v10/chat", "other", "/openai/v10/chat"),
        ("http://127.0.0.1:5001/ws/2/release?query=a%20b&fmt=json", "musicbrainz", "/release?query=a%20b&fmt=json"),
        ("http://127.0.0.1:5002/release/abc", "coverart", "/release/abc"),
        ("http://127.0.0.1:5003/download/x/index.json", "other", "/download/x/index.json"),
    ])
    func placesEachRequestUnderItsService(url: String, service: String, target: String) throws {
        let located = Self.proxied.locate(try #require(URL(string: url)))
        #expect(located.service == service && located.target == target)
    }

    @Test func aRecordingUnderABasePathReplaysAtTheDefaultRoot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = ScriptedTransport { _ in HTTPResponse(status: 200, body: Data("{\"ok\":true}".utf8)) }
        let recorder = try RecordingTransport(inner: live, directory: folder, secrets: [], roots: Self.proxied)
        let body = Data(#"{"model":"gpt-4o"}"#.utf8)
        _ = try await recorder.send(
            HTTPRequest(method: "POST", url: URL(string: "http://gateway.local/openai/v1/chat/completions")!, body: body))
        let replay = try ReplayTransport(directory: folder, roots: ServiceRoots(settings: Settings()))
        let answer = try await replay.send(
            HTTPRequest(method: "POST", url: URL(string: "https://api.openai.com/v1/chat/completions")!, body: body))
        #expect(answer.status == 200)
    }
}
