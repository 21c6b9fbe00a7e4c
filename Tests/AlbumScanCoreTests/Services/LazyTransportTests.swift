import Foundation
import Synchronization
import Testing

@testable import AlbumScanCore

/// The live transport is made on first use; a scan's warm-up makes it early, once, through a recording too.
@Suite struct LazyTransportTests {
    /// Counts the transports made and answers every request with 204.
    final class Maker: Sendable {
        let made = Mutex(0)

        func make() -> any HTTPTransport {
            made.withLock { $0 += 1 }
            return Answering()
        }

        struct Answering: HTTPTransport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                HTTPResponse(status: 204, headers: [:], body: Data())
            }
        }
    }

    @Test func warmingUpMakesTheTransportOnceAndRequestsUseIt() async throws {
        let maker = Maker()
        let lazy = LazyTransport { maker.make() }
        #expect(maker.made.withLock { $0 } == 0, "nothing made before it is needed")
        lazy.warmUp()
        #expect(maker.made.withLock { $0 } == 1)
        lazy.warmUp()
        let response = try await lazy.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/x")!))
        #expect(response.status == 204)
        #expect(maker.made.withLock { $0 } == 1, "the warm transport serves the request")
    }

    @Test func aRecordingWarmsUpWhatItRecordsThrough() throws {
        let maker = Maker()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = try RecordingTransport(inner: LazyTransport { maker.make() }, directory: folder, secrets: [])
        recording.warmUp()
        #expect(maker.made.withLock { $0 } == 1)
    }
}
