import AlbumScanTestSupport
import Foundation

/// One kill-trial round on a full disk: a home on a small tmpfs left with a random few KB, then a scan.
struct FullDiskTrial {
    let services: FakeServices

    func run(random: inout SplitMix64) async throws -> (result: KillTrialCheck, badExit: Bool) {
        let disk = try SmallDisk(kilobytes: 1536)
        defer { disk.unmount() }
        var runner = try CLIRunner(services: services.environment)
        defer { runner.remove() }
        runner.environment["ALBUMSCAN_HOME"] = disk.path
        let home = KillTrialHome(runner: runner, covers: try KillTrialHome.writeCovers(into: runner.home))
        guard try await runner.spawn(["account", "set-tier", "ultra"]).status == 0 else {
            return (KillTrialCheck(corruptions: ["set-tier failed on an empty tmpfs"]), false)
        }
        _ = try await runner.spawn(["scan", home.covers[0], "--json", "--no-local"])
        try disk.fill(leavingKilobytes: Int.random(in: 0...96, using: &random))
        let scan = try await runner.spawn(
            ["scan", home.covers.randomElement(using: &random) ?? home.covers[1], "--json", "--no-local"])
        // Identified, or a one-line storage failure: never a crash or another code.
        let badExit = ![0, 1, 74].contains(scan.status)
        try disk.makeRoom()
        return (await home.finalCheck(), badExit)
    }
}
