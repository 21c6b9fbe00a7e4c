import AlbumScanTestSupport
import Foundation

/// Row 9: a whole fresh-home `scan --json` of the 12 MP photo against a plain Python client of the same contract.
struct PythonClientBench {
    let binary: String
    let python: String?
    /// `Benchmarks/python_client.py`.
    let client: String
    let runs: Int
    let workspace: URL

    func rows(photo: String) throws -> [BenchRow] {
        let name = "9. scan vs plain Python client"
        guard let python, FileManager.default.fileExists(atPath: client) else {
            return [
                BenchRow(
                    name: name, value: .nan, baseline: .nan, unit: "s", target: 0.5, note: "Python or \(client) unavailable")
            ]
        }
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let scans = ScanBench(binary: binary, runs: runs, workspace: workspace)
        var pythonEnvironment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        pythonEnvironment.merge(services.environment) { $1 }
        var albumscan: [Double] = []
        var plain: [Double] = []
        // Interleaved, so both see the same machine load; the first of each warms the caches.
        for run in 0...runs {
            let scan = try Spawn.run(binary, ["scan", photo, "--json"], environment: try scans.environment(services))
            guard scan.status == 0 else { throw BenchError("scan of the 12 MP photo exited \(scan.status)") }
            let database = workspace.appendingPathComponent("python-\(UUID().uuidString).sqlite").path
            let baseline = try Spawn.run(python, [client, photo, database], environment: pythonEnvironment)
            guard baseline.status == 0 else { throw BenchError("the Python client exited \(baseline.status)") }
            if run > 0 {
                albumscan.append(scan.seconds)
                plain.append(baseline.seconds)
            }
        }
        return [BenchRow(name: name, value: median(albumscan), baseline: median(plain), unit: "s", target: 0.5)]
    }
}
