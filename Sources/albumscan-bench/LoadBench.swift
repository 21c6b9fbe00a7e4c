import AlbumScanTestSupport
import Foundation

/// Rows 7 and 8: batches bound by `--jobs` behind a slow Call 1, and MusicBrainz etiquette under load.
struct LoadBench {
    let binary: String
    let runs: Int
    let workspace: URL

    var scans: ScanBench { ScanBench(binary: binary, runs: runs, workspace: workspace) }

    /// Row 7: twelve albums already cached, Call 1 taking 3 s; `--jobs 12` against one Call 1, `--jobs 4` against three.
    func jobsBound(covers: [String]) throws -> [BenchRow] {
        let services = try FixtureWorld.start(completeStories: true)
        defer { services.stop() }
        let environment = try scans.environment(services)
        // Untimed: fills the release, artwork and review caches of every album.
        let warm = try Spawn.run(binary, ["scan"] + covers + ["--jobs", "4", "--json"], environment: environment)
        guard warm.status == 0 else { throw BenchError("warm-up batch exited \(warm.status)") }
        let call1 = 3.0
        services.openAI.respond { call in
            let reply = FixtureWorld.reply(call, completeStories: true).response(for: call)
            return .raw(call.hasImage ? reply.delayed(by: .milliseconds(Int(call1 * 1000))) : reply)
        }
        let searches = services.musicBrainz.arrivals.count
        var rows: [BenchRow] = []
        for (jobs, target) in [(12, 1.15), (4, 1.10)] {
            let waves = (covers.count + jobs - 1) / jobs
            var samples: [Double] = []
            // Every run spends twelve scans of Ultra's 120 a month.
            for _ in 0..<min(3, max(1, (runs + 1) / 2)) {
                // --rescan: the warm-up saved these photos, and a re-run would skip them; --no-local: Call 0 would
                // answer them from the library with no Call 1 at all.
                let outcome = try Spawn.run(
                    binary, ["scan"] + covers + ["--jobs", "\(jobs)", "--json", "--rescan", "--no-local"],
                    environment: environment)
                guard outcome.status == 0 else { throw BenchError("--jobs \(jobs) batch exited \(outcome.status)") }
                samples.append(outcome.seconds)
            }
            rows.append(
                BenchRow(
                    name: jobs == 12 ? "7. 12 cached, 3 s Call 1, --jobs 12" : "   same, --jobs \(jobs)", value: median(samples),
                    baseline: Double(waves) * call1,
                    unit: "s", target: target, note: "\(waves) × Call 1"))
        }
        let extra = services.musicBrainz.arrivals.count - searches
        if extra > 0 { rows[rows.count - 1].note += "; \(extra) MusicBrainz requests for cached albums" }
        return rows
    }

    /// Row 8: in a fresh home, a `--jobs 8` batch of eight albums and a second process with a ninth, started together.
    /// The fake MusicBrainz only observes: it records arrivals and never refuses.
    func etiquette(covers: [String]) throws -> [BenchRow] {
        var gaps: [Double] = []
        var ratios: [(seconds: Double, requests: Int)] = []
        for _ in 0..<max(1, runs / 2) {
            let services = try FixtureWorld.start(completeStories: true, musicBrainzAtPublicRate: true)
            defer { services.stop() }
            let environment = try scans.environment(services)
            let start = Date()
            let batch = LockedValue<Result<Spawn.Outcome, Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            let binary = self.binary
            let batchCovers = Array(covers.prefix(8))
            Thread.detachNewThread {
                batch.withLock {
                    $0 = Result {
                        try Spawn.run(binary, ["scan"] + batchCovers + ["--jobs", "8", "--json"], environment: environment)
                    }
                }
                done.signal()
            }
            let single = try Spawn.run(binary, ["scan", covers[8], "--json"], environment: environment)
            done.wait()
            let seconds = Date().timeIntervalSince(start)
            let batchOutcome = try batch.current?.get()
            guard single.status == 0, batchOutcome?.status == 0 else {
                throw BenchError("etiquette scans exited \(batchOutcome?.status ?? -1) and \(single.status)")
            }
            let arrivals = services.musicBrainz.arrivals.sorted()
            gaps += zip(arrivals, arrivals.dropFirst()).map { $1.timeIntervalSince($0) }
            ratios.append((seconds, arrivals.count))
        }
        let chosen = ratios.sorted { $0.seconds / Double($0.requests) < $1.seconds / Double($1.requests) }[ratios.count / 2]
        let short = gaps.filter { $0 < 1.0 }.count
        return [
            BenchRow(
                name: "8. MusicBrainz gap, 2 processes", value: gaps.min() ?? .nan, baseline: 1.0, unit: "s", target: 1.0,
                absolute: true, atLeast: true, note: "\(short) of \(gaps.count) gaps under 1 s"),
            BenchRow(
                name: "   batch + process vs rate bound", value: chosen.seconds, baseline: Double(chosen.requests), unit: "s",
                target: 1.10, note: "\(chosen.requests) MusicBrainz requests at 1/s"),
        ]
    }
}
