import AlbumScanTestSupport
import Foundation
import Testing

@Suite struct BatchTests {
    @Test func jobsKeepInputOrderAndReportTheMostSevereFailure() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        fixture.services.setLatency(openAI: .milliseconds(40))
        _ = try await fixture.run(["account", "set-tier", "ultra"])
        let broken = fixture.covers.appendingPathComponent("zz-broken.jpg")
        try Data("not a jpeg".utf8).write(to: broken)
        let inputs =
            try ["12", "01", "11", "02", "05", "10"].map { try fixture.cover($0) } + [broken.path, try fixture.cover("08")]
        let output = try await fixture.run(["scan"] + inputs + ["--jobs", "4", "--json"])
        let lines = output.jsonLines
        #expect(lines.count == 8)
        #expect(lines.compactMap { $0["file"] as? String } == inputs)
        #expect(
            lines.map { $0["status"] as? String } == [
                "identified", "identified", "unidentified", "identified", "identified", "identified", "failed", "identified",
            ])
        #expect(output.status == 65, "the undecodable file outranks the earlier unidentified cover")
        let saved = try await fixture.run(["history", "--json"]).json as? [Any]
        #expect(saved?.count == 6)
    }

    @Test func aFolderArgumentScansItsJPEGsInNameOrder() async throws {
        let fixture = try CLIFixture()
        defer { fixture.stop() }
        let first = try fixture.cover("05"), second = try fixture.cover("02")
        try Data().write(to: fixture.covers.appendingPathComponent("notes.txt"))
        let output = try await fixture.run(["scan", fixture.covers.path, "--json"])
        #expect(output.status == 0)
        #expect(output.jsonLines.compactMap { $0["file"] as? String } == [second, first].sorted())
    }

    /// Two processes and --jobs share one MusicBrainz limiter: requests never arrive under 1 s apart.
    @Test func musicBrainzRequestsStayOneSecondApartAcrossProcesses() async throws {
        let fixture = try CLIFixture(musicBrainzOneRequestPerSecond: true)
        defer { fixture.stop() }
        let left = try ["01", "02"].map { try fixture.cover($0) }
        let right = try ["05", "10"].map { try fixture.cover($0) }
        let statuses = LockedValue<[Int32]>([])
        await withTaskGroup(of: Void.self) { group in
            for files in [left, right] {
                group.addTask {
                    let status = (try? await fixture.runner.spawn(["scan"] + files + ["--jobs", "2", "--json"]))?.status ?? -1
                    statuses.withLock { $0.append(status) }
                }
            }
        }
        #expect(statuses.current == [0, 0])
        let arrivals = fixture.services.musicBrainz.server.requests.map(\.receivedAt).sorted()
        #expect(arrivals.count == 4, "\(fixture.services.musicBrainz.searches.map(\.query))")
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        #expect(gaps.allSatisfy { $0 >= 1.0 }, "gaps: \(gaps)")
        print(
            String(
                format: "MusicBrainz spacing across two processes: minimum gap %.3f s over %d gaps", gaps.min() ?? 0, gaps.count))
    }
}
