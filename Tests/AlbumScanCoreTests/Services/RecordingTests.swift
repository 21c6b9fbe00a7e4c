import Foundation
import Testing

@testable import AlbumScanCore

@Suite struct RecordingTests {
    @Test func theMatchKeyIgnoresHostsHeadersAndJSONKeyOrder() {
        let a = HTTPRequest(
            method: "POST", url: URL(string: "http://127.0.0.1:4711/v1/chat/completions")!,
            headers: ["Authorization": "Bearer one"],
            body: Data(#"{"model":"gpt-4o","messages":[]}"#.utf8))
        let b = HTTPRequest(
            method: "POST", url: URL(string: "https://api.openai.com/v1/chat/completions")!,
            headers: ["Authorization": "Bearer two"],
            body: Data(#"{"messages":[],"model":"gpt-4o"}"#.utf8))
        var fakes = Settings()
        fakes.openAIBaseURL = URL(string: "http://127.0.0.1:4711/v1")!
        let recorded = Recording.request(for: a, roots: ServiceRoots(settings: fakes))
        #expect(Recording.stem(for: recorded) == Recording.stem(for: Recording.request(for: b)))
        var c = b
        c.body = Data(#"{"messages":[],"model":"gpt-4o-mini"}"#.utf8)
        #expect(Recording.stem(for: Recording.request(for: c)) != Recording.stem(for: Recording.request(for: b)))
    }

    @Test func secretQueryValuesAreRedacted() {
        let url = URL(string: "https://example.com/x?api_key=sk-secret123456&query=rumours")!
        #expect(Recording.redactedURL(url) == "https://example.com/x?api_key=REDACTED&query=rumours")
    }

    @Test func recordThenReplayRoundTripsAndRedacts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "sk-live-fakekey"
        let live = ScriptedTransport { _ in
            HTTPResponse(
                status: 401, headers: ["Content-Type": "application/json", "Set-Cookie": "x"],
                body: Data("Incorrect API key provided: \(key)".utf8))
        }
        let recorder = try RecordingTransport(inner: live, directory: folder, secrets: [key])
        let request = HTTPRequest(
            method: "POST", url: URL(string: "https://api.openai.com/v1/chat/completions")!,
            headers: ["Authorization": "Bearer \(key)"], body: Data("{}".utf8))
        _ = try await recorder.send(request)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        let text = try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8)
        #expect(!text.contains(key) && !text.contains("Bearer") && !text.contains("Set-Cookie"))
        let replayed = try await ReplayTransport(directory: folder).send(request)
        #expect(replayed.status == 401)
        #expect(replayed.header("content-type") == "application/json")
        #expect(String(decoding: replayed.body, as: UTF8.self) == "Incorrect API key provided: REDACTED")
        let other = HTTPRequest(method: "GET", url: URL(string: "https://musicbrainz.org/ws/2/release?query=x")!)
        await #expect(throws: HTTPTransportError.notRecorded(method: "GET", url: "https://musicbrainz.org/ws/2/release?query=x"))
        {
            try await ReplayTransport(directory: folder).send(other)
        }
    }

    /// A recording that is there but broken says which file to fix, instead of claiming the request was never
    /// recorded.
    @Test func aBrokenRecordingIsNamedNotCalledMissing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = HTTPRequest(method: "GET", url: URL(string: "https://musicbrainz.org/ws/2/release?query=x")!)
        let name = "\(Recording.stem(for: Recording.request(for: request))).1.json"
        try Data("{ not a recording".utf8).write(to: folder.appendingPathComponent(name))
        do {
            _ = try await ReplayTransport(directory: folder).send(request)
            Issue.record("a broken recording was replayed")
        } catch let error as HTTPTransportError {
            guard case .failed(let why) = error else { throw error }
            #expect(why.contains(name), "\(why)")
        }
    }
}
