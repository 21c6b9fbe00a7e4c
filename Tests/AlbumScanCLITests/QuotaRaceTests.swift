import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct QuotaRaceTests {
    /// Eight real processes race for the free tier's five scans.
    @Test func eightProcessesGetExactlyFiveScans() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.setLatency(openAI: .milliseconds(150))
        let cover = try fixture.cover("01")
        let statuses = LockedValue<[Int32]>([])
        let errors = LockedValue<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let output = try? await fixture.runner.spawn(["scan", "--rescan", cover, "--json", "--no-local"])
                    statuses.withLock { $0.append(output?.status ?? -1) }
                    if let output, output.status != 0, output.status != 77 { errors.withLock { $0.append(output.stderr) } }
                }
            }
        }
        let all = statuses.current.sorted()
        #expect(all == [0, 0, 0, 0, 0, 77, 77, 77], "\(errors.current)")
        let account = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(account?["scansUsed"] as? Int == 5)
        // Five paid scans of one photo: one scan row, replaced in place by each (every photo once).
        let history = try await fixture.run(["history", "--json"]).json as? [[String: Any]]
        #expect(history?.count == 1 && history?.first?["scanId"] as? Int == 1)
    }

    /// A scan killed while holding a reservation does not keep the slot once its process is gone.
    @Test func aKilledScansReservationIsReclaimed() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.openAI.respond { _ in .raw(.stall) }
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["scan", "--rescan", try fixture.cover("01")]
        process.environment = fixture.runner.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the stalled Call 1 arrives: the reservation is then held.
        let deadline = Date().addingTimeInterval(20)
        while fixture.services.openAI.server.requests.isEmpty, Date() < deadline { usleep(20_000) }
        let during = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(during?["scansRemaining"] as? Int == 4)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let after = try await fixture.run(["account", "--json"]).json as? [String: Any]
        #expect(after?["scansRemaining"] as? Int == 5)
        #expect(after?["scansUsed"] as? Int == 0)
    }
}
