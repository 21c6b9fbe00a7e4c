import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// Group `crate`: how many identification calls a shop's crate costs, in-process against the fixture fakes.
///
/// The fixture world knows 12 albums (10 identifiable), so the crate is 40 photos: 10 distinct covers, 5 exact
/// duplicates of them in the same run, 10 back sleeves with listed barcodes, 5 blurred photos, then, in a second
/// run, 10 new photos (tilted, off-centre) of the covers already scanned. Without this wave's features every photo
/// costs at least one Call 1.
struct CrateBench {
    static let albums = ["01", "02", "03", "05", "06", "07", "08", "09", "10", "12"]

    func rows() async throws -> [BenchRow] {
        let services = try FixtureWorld.start()
        defer { services.stop() }
        let test = try TestEnvironment(services: services)
        defer { test.remove() }
        try test.environment.keyring.setTier(.ultra)
        let folder = test.environment.home
        var firstRun: [URL] = []
        for slug in Self.albums { firstRun.append(try Self.write(try Self.album(slug).cover(), folder, "first-\(slug)")) }
        for slug in Self.albums.prefix(5) { firstRun.append(try Self.write(try Self.album(slug).cover(), folder, "dup-\(slug)")) }
        for index in 0..<10 {
            let digits = index % 2 == 0 ? FixtureBarcodes.signalBloom : "0" + FixtureBarcodes.apogee
            firstRun.append(try Self.write(try BarcodeSleeve.jpeg(digits: digits), folder, "back-\(index)"))
        }
        for slug in Self.albums.suffix(5) {
            firstRun.append(try Self.write(try Self.shot(slug, blur: 5), folder, "blurred-\(slug)"))
        }
        let secondRun = try Self.albums.map { try Self.write(try Self.shot($0, blur: 0), folder, "again-\($0)") }

        let first = await Self.batch(firstRun, ScanPipeline(environment: test.environment))
        // The second run is another process: a fresh environment on a copy of the same home.
        let later = try TestEnvironment(services: services)
        defer { later.remove() }
        try FileManager.default.removeItem(at: later.environment.home)
        try FileManager.default.copyItem(at: folder, to: later.environment.home)
        let second = await Self.batch(
            secondRun.map { later.environment.home.appendingPathComponent($0.lastPathComponent) },
            ScanPipeline(environment: later.environment))
        let results = first + second
        let calls =
            services.openAI.calls.filter(\.hasImage).count
            + services.openAI.calls.filter { $0.isSearchModel && !$0.hasImage }.count
        var byMethod: [String: Int] = [:]
        for result in results { byMethod[result.identification?.method.rawValue ?? result.error?.code ?? "?", default: 0] += 1 }
        let methods = byMethod.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return [
            BenchRow(
                name: "14. crate of \(results.count): identification calls", value: Double(calls),
                baseline: Double(results.count), unit: "", target: .infinity,
                note: "baseline = one Call 1 per photo; outcomes: \(methods)")
        ]
    }

    static func album(_ slug: String) throws -> FixtureAlbum {
        guard let album = FixtureCatalog.albums.first(where: { $0.slug.hasPrefix(slug) }) else { throw CrateError() }
        return album
    }

    /// A phone photo of the cover: tilted, slightly off-centre, framed close (the fake model knows covers by colour).
    static func shot(_ slug: String, blur: Double) throws -> Data {
        let cover = try JPEGDecoder.decodeRGB(try album(slug).cover(width: 768, height: 768), maxSide: nil, limits: ImageLimits())
        var shot = PhoneShot()
        shot.coverFraction = 0.97
        shot.offset = (0.03, -0.02)
        shot.tiltDegrees = 7
        shot.rotationDegrees = 2
        shot.blurSigma = blur
        shot.jpegQuality = 80
        let photo = try shot.render(cover: cover, background: cover)
        return try JPEGEncoder.encodeRGB(photo.pixels, width: photo.width, height: photo.height, quality: 80)
    }

    static func write(_ data: Data, _ folder: URL, _ name: String) throws -> URL {
        let file = folder.appendingPathComponent("\(name).jpg")
        try data.write(to: file)
        return file
    }

    /// One `scan --jobs 4` run: the photos in order, four at a time.
    static func batch(_ files: [URL], _ pipeline: ScanPipeline) async -> [ScanResult] {
        var results: [ScanResult] = []
        for start in stride(from: 0, to: files.count, by: 4) {
            let slice = Array(files[start..<min(start + 4, files.count)])
            results += await withTaskGroup(of: ScanResult.self) { group in
                for file in slice { group.addTask { await pipeline.scan(file) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        return results
    }

    struct CrateError: Error {}
}
