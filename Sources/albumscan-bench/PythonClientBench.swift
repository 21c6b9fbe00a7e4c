import AlbumScanTestSupport
import Foundation

/// Row 9: a whole fresh-home `scan --json` of the 12 MP photo against `Benchmarks/python_client.py`.
///
/// The target applies to the verifying peer (`--verify`), which checks the photo against the downloaded artwork
/// with OpenCV SIFT as albumscan checks it with its matcher. The plain client makes the same requests and none of
/// the checks; its ratio is printed for the record only.
struct PythonClientBench {
    let binary: String
    let python: String?
    /// `Benchmarks/python_client.py`.
    let client: String
    let runs: Int
    let workspace: URL

    static let peerName = "9. scan vs verifying Python peer"
    static let plainName = "   scan vs plain Python client"

    func rows(photo: String) throws -> [BenchRow] {
        guard let python, FileManager.default.fileExists(atPath: client) else {
            return [
                BenchRow(
                    name: Self.peerName, value: .nan, baseline: .nan, unit: "s", target: 0.5,
                    note: "Python or \(client) unavailable")
            ]
        }
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let scans = ScanBench(binary: binary, runs: runs, workspace: workspace)
        var pythonEnvironment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        pythonEnvironment.merge(services.environment) { $1 }
        func runClient(_ extra: [String]) throws -> Double {
            let database = workspace.appendingPathComponent("python-\(UUID().uuidString).sqlite").path
            let outcome = try Spawn.run(python, [client, photo, database] + extra, environment: pythonEnvironment)
            guard outcome.status == 0 else {
                throw BenchError("the Python client\(extra.isEmpty ? "" : " " + extra.joined(separator: " ")) exited \(outcome.status)")
            }
            return outcome.seconds
        }
        var albumscan: [Double] = []
        var plain: [Double] = []
        var peer: [Double] = []
        // Interleaved, so all three see the same machine load; the first of each warms the caches.
        for run in 0...runs {
            let scan = try Spawn.run(binary, ["scan", photo, "--json"], environment: try scans.environment(services))
            guard scan.status == 0 else { throw BenchError("scan of the 12 MP photo exited \(scan.status)") }
            let plainSeconds = try runClient([])
            let peerSeconds = try runClient(["--verify"])
            if run > 0 {
                albumscan.append(scan.seconds)
                plain.append(plainSeconds)
                peer.append(peerSeconds)
            }
        }
        let check = try peerCheck(python: python, photo: photo, environment: pythonEnvironment)
        return [
            BenchRow(
                name: Self.peerName, value: median(albumscan), baseline: median(peer), unit: "s", target: 0.5,
                note: "OpenCV SIFT, ratio 0.75, RANSAC 5 px, ≥ 15 inliers: \(check)"),
            BenchRow(
                name: Self.plainName, value: median(albumscan), baseline: median(plain), unit: "s", target: .infinity,
                note: "for the record: the plain client does none of albumscan's checks"),
        ]
    }

    /// The peer's verdict on the bench photo (`verified, 212 inliers`), from one more run whose output is kept.
    func peerCheck(python: String, photo: String, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let database = workspace.appendingPathComponent("python-\(UUID().uuidString).sqlite").path
        process.arguments = [client, photo, database, "--verify"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let check = (line?["artwork"] as? [String: Any])?["check"] as? [String: Any]
        guard let verdict = check?["verdict"] as? String, let inliers = check?["inliers"] as? Int else {
            throw BenchError("the verifying Python peer printed no artwork check")
        }
        return "\(verdict), \(inliers) inliers"
    }
}
