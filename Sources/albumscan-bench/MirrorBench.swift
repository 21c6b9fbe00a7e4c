import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Issue 26's rows: a crate against a MusicBrainz mirror at `ALBUMSCAN_MUSICBRAINZ_RATE=20`, the same spacing kept on
/// a host named musicbrainz.org, and the Discogs limiter across two processes. Real time throughout.
struct MirrorBench {
    let binary: String
    let workspace: URL

    var scans: ScanBench { ScanBench(binary: binary, runs: 1, workspace: workspace) }

    /// An environment on `services` with no monthly scan limit (a crate of 200 is more than Ultra's month).
    func environment(_ services: FakeServices, _ extra: [String: String]) throws -> [String: String] {
        let environment = try scans.environment(services).merging(extra) { $1 }
        _ = try Spawn.run(binary, ["account", "set-limit", "unlimited"], environment: environment)
        return environment
    }

    /// Writes the crate's covers (400 px: the quality check takes them, and prep stays cheap) into a fresh folder.
    func covers(_ albums: [FixtureAlbum], name: String) throws -> [String] {
        let folder = workspace.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try albums.map { album in
            let file = folder.appendingPathComponent("\(album.slug).jpg")
            try album.cover(width: 400, height: 400).write(to: file)
            return file.path
        }
    }

    /// The fixture world of `albums` with Call 1 taking `latency` seconds (reviews answer at once).
    func start(_ albums: [FixtureAlbum], latency: Double, discogs: Bool = false) throws -> FakeServices {
        let services = try FixtureWorld.start(completeStories: true, albums: albums, discogs: discogs)
        services.openAI.respond { call in
            let reply = FixtureWorld.reply(call, completeStories: true, albums: albums).response(for: call)
            return .raw(call.hasImage ? reply.delayed(by: .milliseconds(Int(latency * 1000))) : reply)
        }
        return services
    }

    /// 200 albums, model 1 s, `--jobs 8`, MusicBrainz on a mirror-like loopback host at rate 20: wall time against
    /// the model-latency bound (25 waves of 1 s); then six albums through a proxy standing for musicbrainz.org with
    /// rate 20 asked for: the gaps at the server.
    func mirror() throws -> [BenchRow] {
        let albums = FixtureCatalog.generatedCrate(200)
        let services = try start(albums, latency: 1.0)
        defer { services.stop() }
        let environment = try self.environment(services, ["ALBUMSCAN_MUSICBRAINZ_RATE": "20"])
        let files = try covers(albums, name: "mirror")
        let outcome = try Spawn.run(binary, ["scan"] + files + ["--jobs", "8", "--json", "--no-local"], environment: environment)
        guard outcome.status == 0 else { throw BenchError("mirror crate exited \(outcome.status)") }
        let bound = Double((albums.count + 7) / 8) * 1.0
        let requests = services.musicBrainz.arrivals.count
        let lookups = services.musicBrainz.lookups.count
        var rows = [
            BenchRow(
                name: "26. 200 albums, mirror at 20/s, 1 s model, --jobs 8", value: outcome.seconds, baseline: bound, unit: "s",
                target: 1.15, note: "\(requests) MusicBrainz requests (\(lookups) url-rels); 1/s would need \(requests) s"),
        ]
        rows.append(try publicServerSpacing())
        return rows
    }

    /// Six albums with `ALBUMSCAN_MUSICBRAINZ_URL=http://musicbrainz.org/ws/2` and rate 20 asked for; `http_proxy`
    /// sends those requests to the MusicBrainz fake (the other services stay on loopback, outside the proxy).
    func publicServerSpacing() throws -> BenchRow {
        let albums = Array(FixtureCatalog.generatedCrate(6))
        let services = try start(albums, latency: 0)
        defer { services.stop() }
        let environment = try self.environment(
            services,
            [
                "ALBUMSCAN_MUSICBRAINZ_URL": "http://musicbrainz.org/ws/2", "ALBUMSCAN_MUSICBRAINZ_RATE": "20",
                "http_proxy": services.musicBrainz.server.baseURL, "no_proxy": "127.0.0.1,localhost",
            ])
        let files = try covers(albums, name: "public")
        let outcome = try Spawn.run(binary, ["scan"] + files + ["--jobs", "8", "--json", "--no-local"], environment: environment)
        guard outcome.status == 0 else { throw BenchError("musicbrainz.org crate exited \(outcome.status)") }
        let arrivals = services.musicBrainz.arrivals.sorted()
        let gaps = zip(arrivals, arrivals.dropFirst()).map { $1.timeIntervalSince($0) }
        let proxied = services.musicBrainz.server.requests.filter { $0.target.hasPrefix("http://musicbrainz.org/") }.count
        return BenchRow(
            name: "    musicbrainz.org-named host, 20/s asked", value: gaps.min() ?? .nan, baseline: 1.0, unit: "s", target: 1.0,
            absolute: true, atLeast: true, note: "\(arrivals.count) requests (\(proxied) for musicbrainz.org), min gap")
    }

    /// Two processes scanning 40 albums each, every one searched on Discogs (MusicBrainz links none): the most
    /// requests the fake saw in any 60 s window (its own limit is 60 and it answers 429 beyond), and the 429s.
    func discogs() throws -> [BenchRow] {
        let albums = FixtureCatalog.generatedCrate(80, catalogueOnDiscogs: true)
        let services = try start(albums, latency: 0, discogs: true)
        defer { services.stop() }
        let environment = try self.environment(services, ["ALBUMSCAN_MUSICBRAINZ_RATE": "100"])
        let files = try covers(albums, name: "discogs")
        let halves = [Array(files.prefix(40)), Array(files.suffix(40))]
        let outcomes = LockedValue<[Result<Spawn.Outcome, Error>]>([])
        let group = DispatchGroup()
        for half in halves {
            group.enter()
            Thread.detachNewThread { [binary] in
                let outcome = Result {
                    try Spawn.run(binary, ["scan"] + half + ["--jobs", "8", "--json", "--no-local"], environment: environment)
                }
                outcomes.withLock { $0.append(outcome) }
                group.leave()
            }
        }
        group.wait()
        for outcome in outcomes.current {
            let status = try outcome.get().status
            guard status == 0 else { throw BenchError("a Discogs crate exited \(status)") }
        }
        guard let discogs = services.discogs else { throw BenchError("no Discogs fake") }
        let arrivals = discogs.arrivals
        let busiest = FakeDiscogs.busiestWindow(arrivals, window: 60)
        let span = (arrivals.map(\.timeIntervalSince1970).max() ?? 0) - (arrivals.map(\.timeIntervalSince1970).min() ?? 0)
        return [
            BenchRow(
                name: "26. Discogs, 2 processes: most in any 60 s", value: Double(busiest), baseline: 60, unit: "req",
                target: 60, absolute: true,
                note: String(format: "%d searches over %.1f s, %d answered 429", arrivals.count, span, discogs.refused)),
        ]
    }
}
