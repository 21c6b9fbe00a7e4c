import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Rows 2-4 and the scan half of row 6: whole `albumscan scan` runs against the loopback fakes.
struct ScanBench {
    let binary: String
    let runs: Int
    let workspace: URL

    /// A fresh state folder wired to the fakes.
    func environment(_ services: FakeServices, tier: String = "ultra") throws -> [String: String] {
        let home = workspace.appendingPathComponent("home-\(UUID().uuidString)").path
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("ALBUMSCAN_") && !$0.key.hasPrefix("OPENAI_")
        }
        environment.merge(services.environment) { $1 }
        environment["ALBUMSCAN_HOME"] = home
        environment["NO_COLOR"] = "1"
        _ = try Spawn.run(binary, ["account", "set-tier", tier], environment: environment)
        return environment
    }

    /// Row 2: a whole scan against instant fakes, against start-up plus image prep. Also returns the scan's peak RSS.
    func overhead(photo: String, imagePrep: Double) throws -> (rows: [BenchRow], peakRSS: Int) {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let version = try timeMedian(runs: runs) { _ = try Spawn.run(binary, ["--version"], environment: [:]) }
        var samples: [Double] = []
        var peak = 0
        for _ in 0...runs {
            let outcome = try Spawn.run(binary, ["scan", photo, "--json"], environment: try environment(services))
            guard outcome.status == 0 else { throw BenchError("scan of the 12 MP photo exited \(outcome.status)") }
            samples.append(outcome.seconds)
            peak = max(peak, outcome.peakRSS)
        }
        let scan = median(Array(samples.dropFirst()))
        return (
            [
                BenchRow(
                    name: "2. scan vs start-up + image prep", value: scan, baseline: version + imagePrep, unit: "s", target: 3.0),
                BenchRow(
                    name: "   start-up alone (--version)", value: version, baseline: .nan, unit: "s", target: .infinity,
                    note: "informational"),
            ], peak
        )
    }

    /// Row 3: with simulated latencies, the scan against Call 1 + max(artwork chain, review).
    func criticalPath(cover: String) throws -> [BenchRow] {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let call1 = 1.0, review = 1.5, hop = 0.3
        services.openAI.respond { call in
            let delay = call.hasImage ? call1 : review
            return .raw(FixtureWorld.reply(call).response(for: call).delayed(by: .milliseconds(Int(delay * 1000))))
        }
        services.setLatency(musicBrainz: .milliseconds(Int(hop * 1000)), coverArt: .milliseconds(Int(hop * 1000)))
        // MusicBrainz search, the archive's 307, the listing, the image.
        let artworkChain = 4 * hop
        var samples: [Double] = []
        for _ in 0..<runs {
            let outcome = try Spawn.run(binary, ["scan", cover, "--json"], environment: try environment(services))
            guard outcome.status == 0 else { throw BenchError("critical-path scan exited \(outcome.status)") }
            samples.append(outcome.seconds)
        }
        let bound = call1 + max(artworkChain, review)
        let sequential = call1 + artworkChain + review
        return [
            BenchRow(
                name: "3. scan vs critical path", value: median(samples), baseline: bound, unit: "s", target: 1.05,
                note: String(format: "the seeds' sequential flow: %.1f s", sequential))
        ]
    }

    /// Row 4: twelve covers with --jobs 4 against a MusicBrainz that allows one request a second.
    func batch(covers: [String]) throws -> [BenchRow] {
        let services = try FixtureWorld.start(musicBrainzOneRequestPerSecond: true)
        defer { services.stop() }
        var ratios: [(Double, Double, Int)] = []
        for _ in 0..<max(1, runs / 2) {
            // Every request counts against the rate: on the public server, one search per new album (the Discogs
            // links are left for the export; the `links` group measures both).
            let before = services.musicBrainz.arrivals.count
            let outcome = try Spawn.run(
                binary, ["scan"] + covers + ["--jobs", "4", "--json"], environment: try environment(services))
            guard outcome.status <= 1 else { throw BenchError("batch scan exited \(outcome.status)") }
            let requests = services.musicBrainz.arrivals.count - before
            ratios.append((outcome.seconds, Double(requests), requests))
        }
        let chosen = ratios.sorted { $0.0 / $0.1 < $1.0 / $1.1 }[ratios.count / 2]
        return [
            BenchRow(
                name: "4. batch of 12, --jobs 4", value: chosen.0, baseline: chosen.1 * 1.0, unit: "s", target: 1.10,
                note: "\(chosen.2) MusicBrainz requests at 1/s")
        ]
    }
}
