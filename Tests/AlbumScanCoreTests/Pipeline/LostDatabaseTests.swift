import AlbumScanCore
import AlbumScanTestSupport
import Foundation
import Testing

/// The database removed while a scan runs: the scan is not reported as saved, and nothing is charged.
@Suite struct LostDatabaseTests {
    @Test func aDatabaseRemovedMidScanFailsTheScanAndChargesNothing() async throws {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        let home = test.environment.home
        // The review request is the moment: the store is open and the scan not yet saved.
        services.openAI.respond { call in
            if !call.hasImage {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(at: home.appendingPathComponent("albumscan.sqlite" + suffix))
                }
            }
            return FixtureWorld.reply(call)
        }
        let result = await ScanPipeline(environment: test.environment).scan(try FixtureScans.cover("01", in: home))
        #expect(result.status == .failed)
        #expect(result.error?.code == "storage")
        #expect(result.scanId == nil)
        #expect(try test.environment.keyring.status().scansUsed == 0)
        let reopened = try StoreDatabase(path: test.environment.databasePath)
        #expect(try reopened.history(limit: 10, before: nil).isEmpty)
    }
}
