import AlbumScanCore
import Foundation

/// An albumscan home opened from a program: the catalogue `albumscan history` lists and the pipeline
/// `albumscan scan` runs, with the settings the CLI would use (`$ALBUMSCAN_HOME`, the config file, the API keys and
/// every `ALBUMSCAN_*` variable).
///
/// ```swift
/// let home = try AlbumScanHome.open(replay: URL(fileURLWithPath: "recordings"))
/// let album = await home.scan(file: URL(fileURLWithPath: "cover.jpg"))
/// print(album.artist ?? "?", album.title ?? "?")
/// ```
public struct AlbumScanHome: Sendable {
    let environment: AppEnvironment

    /// Opens the home `environment` names (`ALBUMSCAN_HOME`, else `~/.albumscan`), creating it if needed.
    ///
    /// - Parameters:
    ///   - environment: The variables the settings come from; the process's own by default.
    ///   - replay: A folder of recordings (made with `albumscan scan --record DIR`) that answers every HTTP request
    ///     instead of the network: no network, no API spend.
    /// - Throws: ``AlbumScanFailure`` when a setting is malformed or the home cannot be made.
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment, replay: URL? = nil
    ) throws(AlbumScanFailure) -> AlbumScanHome {
        do {
            let mode = try TransportMode.choose(record: environment["ALBUMSCAN_RECORD"], replay: replay?.path ?? environment["ALBUMSCAN_REPLAY"])
            let setup = try AppSetup.load(
                verbose: false, transportMode: mode, provider: nil, processEnvironment: environment,
                console: .silent, now: { Date() })
            return AlbumScanHome(environment: setup.environment)
        } catch {
            throw AlbumScanFailure(error)
        }
    }

    /// The home's folder: the catalogue, caches and keyring.
    public var folder: URL { environment.home }

    /// Scans the photo at `file` into the catalogue, as `albumscan scan FILE` does. Never throws: a photo that
    /// fails comes back with ``ScannedAlbum/failure`` set.
    public func scan(file: URL) async -> ScannedAlbum {
        if let missing = environment.missingKey() { return ScannedAlbum(.failed(file: file.path, missing)) }
        return ScannedAlbum(await ScanPipeline(environment: environment).scan(file))
    }

    /// Scans a photo already in memory (JPEG, PNG or HEIC bytes), saved under `name`: the bytes are read once.
    public func scan(bytes: Data, name: String) async -> ScannedAlbum {
        if let missing = environment.missingKey() { return ScannedAlbum(.failed(file: name, missing)) }
        return ScannedAlbum(await ScanPipeline(environment: environment).ready(bytes: bytes, name: name).finish())
    }

    /// The catalogue's scans that match `query`, newest first, as `albumscan history --json` lists them.
    /// - Throws: ``AlbumScanFailure`` for a malformed query word (`since` that is no date) or an unreadable store.
    public func catalogue(_ query: CatalogueQuery = CatalogueQuery(), limit: Int = 100) async throws(AlbumScanFailure)
        -> [ScannedAlbum]
    {
        do {
            let filter = try query.filter()
            let store = try await environment.storeToRead()
            return try await store.historyScans(limit: limit, filter: filter).map { ScannedAlbum(ScanResult(stored: $0)) }
        } catch {
            throw AlbumScanFailure(error)
        }
    }

    /// Exports the whole catalogue in `format`, as `albumscan history --format` does: the links the scans left
    /// pending are asked for first (at MusicBrainz's pace), then the document, what it lists and what it left out.
    /// - Parameter onlyNotExported: Leave out the scans marked exported in this form (`--not-exported`).
    public func export(_ format: ExportFormat, onlyNotExported: Bool = false) async throws(AlbumScanFailure)
        -> ExportedCatalogue
    {
        do {
            let exporter = CatalogueExporter(environment: environment, store: try await environment.store())
            let request = ExportRequest(format: format, notExported: onlyNotExported)
            let pending = try await exporter.pendingLinks(for: request)
            _ = await exporter.fill(pending)
            return ExportedCatalogue(try await exporter.export(request.asOf(pending)))
        } catch {
            throw AlbumScanFailure(error)
        }
    }
}
