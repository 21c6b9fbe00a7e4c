import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

@testable import albumscan

/// The batch prepares the next photos while the model answers earlier ones, and never more than `jobs` ahead.
@Suite struct BatchRunnerTests {
    /// Three fixture covers in a fresh home, and a fixture world whose Call 1 takes `latency` (reviews at once).
    static func world(latency: Duration) throws -> (FakeServices, TestEnvironment, [InputPath]) {
        let services = try FixtureWorld.start()
        services.openAI.respond { call in
            let reply = FixtureWorld.reply(call).response(for: call)
            return .raw(call.hasImage ? reply.delayed(by: latency) : reply)
        }
        let test = try TestEnvironment(services: services) { $0.localMatch = false }
        let files = try FixtureCatalog.albums.prefix(3).map { album in
            let file = test.environment.home.appendingPathComponent("\(album.slug).jpg")
            try album.cover(width: 600, height: 600).write(to: file)
            return InputPath(file)
        }
        return (services, test, files)
    }

    @Test("with one job, one photo is prepared ahead while another is scanned, and no more")
    func preparesOneAhead() async throws {
        let (services, test, files) = try Self.world(latency: .milliseconds(400))
        defer {
            services.stop()
            test.remove()
        }
        let events = LockedValue<[String]>([])
        let pipeline = ScanPipeline(environment: test.environment)
        var printed: [String] = []
        let results = await BatchRunner(jobs: 1).run(files) { index, file in
            events.withLock { $0.append("read \(index)") }
            return await pipeline.ready(file)
        } finished: { index, _ in
            events.withLock { $0.append("done \(index)") }
        } onResult: { result in
            printed.append(result.file)
        }
        #expect(results.map(\.status) == [.identified, .identified, .identified])
        #expect(printed == files.map(\.name))
        // Turns go in input order, so the scans are numbered in it.
        let ids = results.compactMap(\.scanId)
        #expect(ids.count == 3 && ids == ids.sorted())
        // Before the first photo's scan ends, two photos were read: the one in its turn and one ahead (with nothing
        // ahead, one); the third waited.
        let order = events.withLock { $0 }
        let firstDone = try #require(order.firstIndex { $0.hasPrefix("done") })
        #expect(order[..<firstDone].filter { $0.hasPrefix("read") }.count == 2, "\(order)")
        #expect(order.count == 6)
        #expect(services.openAI.calls.filter(\.hasImage).count == 3)
    }

    @Test("a run stopped after the first result leaves the photo prepared ahead unsent and unsaved")
    func stopLeavesPreparedPhotosUnscanned() async throws {
        let (services, test, files) = try Self.world(latency: .milliseconds(400))
        defer {
            services.stop()
            test.remove()
        }
        let stopped = LockedValue(false)
        let pipeline = ScanPipeline(environment: test.environment)
        let runner = BatchRunner(jobs: 1, shouldStart: { !stopped.withLock { $0 } })
        let results = await runner.run(files) { _, file in
            await pipeline.ready(file)
        } finished: { _, _ in
            stopped.withLock { $0 = true }
        } onResult: { _ in
        }
        #expect(results.map(\.file) == [files[0].name])
        #expect(results.first?.status == .identified)
        #expect(services.openAI.calls.filter(\.hasImage).count == 1)
        let store = try await test.environment.store()
        #expect(try await store.scanCount() == 1)
    }
}
