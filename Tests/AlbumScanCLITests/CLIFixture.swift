import AlbumScanCore
import AlbumScanTestSupport
import Foundation

/// The fixture fakes, a runner pointed at them, and the fixture covers written to a temporary folder.
struct CLIFixture {
    let services: FakeServices
    let runner: CLIRunner
    let covers: URL

    init(musicBrainzOneRequestPerSecond: Bool = false, musicBrainzAtPublicRate: Bool = false) throws {
        services = try FixtureWorld.start(
            musicBrainzOneRequestPerSecond: musicBrainzOneRequestPerSecond, musicBrainzAtPublicRate: musicBrainzAtPublicRate)
        runner = try CLIRunner(services: services.environment)
        covers = runner.home.appendingPathComponent("covers")
        try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
    }

    /// Writes the cover of the fixture whose slug starts with `prefix` and returns its path.
    func cover(_ prefix: String, width: Int = 900, height: Int = 900) throws -> String {
        guard let album = FixtureCatalog.albums.first(where: { $0.slug.hasPrefix(prefix) }) else {
            throw CLIFixtureError(message: "no fixture album \(prefix)")
        }
        let file = covers.appendingPathComponent("\(album.slug).jpg")
        try album.cover(width: width, height: height).write(to: file)
        return file.path
    }

    func album(_ prefix: String) -> FixtureAlbum? { FixtureCatalog.albums.first { $0.slug.hasPrefix(prefix) } }

    func run(
        _ arguments: [String], extraEnvironment: [String: String] = [:], standardInput: Data = Data()
    ) async throws -> CLIRunner.Output {
        try await runner.run(arguments, extraEnvironment: extraEnvironment, standardInput: standardInput)
    }

    func stop() {
        services.stop()
        runner.remove()
    }
}

struct CLIFixtureError: Error { var message: String }
