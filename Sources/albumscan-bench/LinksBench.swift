import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `links` (issue 42): on the public server's one request a second, a batch of new albums at `--jobs 4` asks
/// MusicBrainz once per album on the scan's path (the release search; the Discogs links are left pending), and the
/// Discogs inventory export asks for the links after the scans, one lookup per release, within its own bound. The
/// fake answers 503 to any request under 1 s after the last, and every arrival is checked for that spacing.
struct LinksBench {
    let binary: String
    let workspace: URL
    /// New albums in the batch; every third links no Discogs release (the export counts it instead of listing it).
    static let count = 12

    var mirror: MirrorBench { MirrorBench(binary: binary, workspace: workspace) }

    static func albums() -> [FixtureAlbum] {
        var albums = FixtureCatalog.generatedCrate(count)
        for index in stride(from: 2, to: albums.count, by: 3) { albums[index].discogsReleaseIds = [] }
        return albums
    }

    func rows() throws -> [BenchRow] {
        let albums = Self.albums()
        let services = try FixtureWorld.start(musicBrainzOneRequestPerSecond: true, completeStories: true, albums: albums)
        defer { services.stop() }
        let files = try mirror.covers(albums, name: "links")
        let bound = Double(albums.count) * 1.0
        let scan = ["scan"] + files + ["--jobs", "4", "--json", "--no-local"]

        // (1) The batch alone, in a fresh home: every album is new.
        let plain = try measure(services) { try Spawn.run(binary, scan, environment: try mirror.environment(services, [:])) }
        guard plain.outcome.status == 0 else { throw BenchError("the links batch exited \(plain.outcome.status)") }

        // (2) The same batch with shop fields in another fresh home, then the Discogs inventory export.
        let shop = try mirror.environment(services, [:])
        let priced = try measure(services) {
            try Spawn.run(binary, scan + ["--price", "12.50", "--media-condition", "VG+"], environment: shop)
        }
        guard priced.outcome.status == 0 else { throw BenchError("the priced links batch exited \(priced.outcome.status)") }
        let csv = workspace.appendingPathComponent("links-\(UUID().uuidString).csv").path
        let export = try measure(services) {
            try Spawn.run(binary, ["history", "--format", "discogs-inventory"], environment: shop, stdoutPath: csv)
        }
        guard export.outcome.status == 0 else { throw BenchError("the Discogs export exited \(export.outcome.status)") }
        let listed = try Self.releaseIds(inInventory: csv)
        let linked = albums.compactMap(\.discogsReleaseIds.first)
        let missing = linked.filter { !listed.contains($0) }
        let arrivals = services.musicBrainz.arrivals.sorted()
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        let refused = gaps.filter { $0 < 1.0 }.count
        return [
            BenchRow(
                name: "42. MB requests, \(albums.count) new, --jobs 4", value: Double(plain.requests),
                baseline: Double(albums.count), unit: "req", target: 1.0,
                note: "\(plain.requests) requests (\(plain.lookups) url-rels) for \(albums.count) new albums; "
                    + "with shop fields \(priced.requests) (\(priced.lookups) url-rels)"),
            BenchRow(
                name: "42. batch wall vs its requests at 1/s", value: plain.outcome.seconds, baseline: bound, unit: "s",
                target: 1.10, note: String(format: "with shop fields %.3f s", priced.outcome.seconds)),
            BenchRow(
                name: "42. export: linked scans without id", value: Double(missing.count), baseline: Double(linked.count),
                unit: "", target: 0, absolute: true,
                note: "\(linked.count - missing.count) of \(linked.count) linked scans listed with their id; "
                    + "\(albums.count - linked.count) link none"),
            BenchRow(
                name: "42. export: links asked after scans", value: export.outcome.seconds,
                baseline: Double(albums.count) * 1.0, unit: "s", target: 1.10,
                note: "\(export.requests) MusicBrainz requests (\(export.lookups) url-rels) for \(albums.count) pending releases"),
            BenchRow(
                name: "42. closest two MB arrivals", value: gaps.min() ?? .nan, baseline: 1.0, unit: "s", target: 1.0,
                absolute: true, atLeast: true,
                note: "\(arrivals.count) requests over the three runs, \(refused) under 1 s (answered 503)"),
        ]
    }

    /// A run and the MusicBrainz requests (and url-rels lookups) the fake saw during it. Each run has a home of its
    /// own and so a limiter of its own: it starts over a second after the last, as the fake asks of any two requests.
    func measure(_ services: FakeServices, _ run: () throws -> Spawn.Outcome) throws
        -> (outcome: Spawn.Outcome, requests: Int, lookups: Int)
    {
        Thread.sleep(forTimeInterval: 1.1)
        let (requests, lookups) = (services.musicBrainz.server.requests.count, services.musicBrainz.lookups.count)
        let outcome = try run()
        return (
            outcome, services.musicBrainz.server.requests.count - requests, services.musicBrainz.lookups.count - lookups
        )
    }

    /// The `release_id` cells of an inventory CSV.
    static func releaseIds(inInventory path: String) throws -> Set<Int> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Set(text.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            line.split(separator: ",", maxSplits: 1).first.flatMap { Int($0) }
        })
    }
}
