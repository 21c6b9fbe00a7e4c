import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// `albumscan-fakes record-eval`: rewrites `Fixtures/eval` (labels.csv and photos from `EvalFixtureSet`) and
/// records `albumscan eval` of it against the loopback fakes into its `recordings` folder.
struct EvalFixtureRecorder {
    let binary: String
    let folder: URL

    func run() throws {
        let files = FileManager.default
        try EvalFixtureSet.write(to: folder)
        let recordings = folder.appendingPathComponent("recordings")
        if files.fileExists(atPath: recordings.path) { try files.removeItem(at: recordings) }
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let recorder = FixtureRecorder(binary: binary, covers: folder, recordings: recordings)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        environment.merge(services.environment) { $1 }
        // eval scans in a throwaway home of its own; this one only keeps the user's state out of reach.
        let home = files.temporaryDirectory.appendingPathComponent("albumscan-record-\(UUID().uuidString)")
        defer { try? files.removeItem(at: home) }
        environment["ALBUMSCAN_HOME"] = home.path
        // One scan at a time, so the n-th of identical requests is always the same one.
        let status = try recorder.runBinary(
            [
                "eval", folder.appendingPathComponent("labels.csv").path, "--record", recordings.path, "--jobs", "1",
                "--quiet",
            ], environment: environment)
        try recorder.stabilise(hosts: FixtureRecorder.stableHosts(services))
        let count = try files.contentsOfDirectory(atPath: recordings.path).count
        print("recorded \(count) exchanges for \(EvalFixtureSet.photos.count) eval photos (eval exit \(status))")
    }
}
