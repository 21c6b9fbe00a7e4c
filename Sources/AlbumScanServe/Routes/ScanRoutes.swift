import AlbumScanCore
import FlyingFox
import Foundation

/// `GET /api/scans`, and `GET`, `PATCH`, `DELETE /api/scans/ID` and `GET /api/scans/ID/artwork`: the catalogue,
/// through the store calls `history`, `show`, `edit` and `delete` make.
struct ScanRoutes {
    let context: ServeContext

    func handle(_ request: HTTPRequest, parts: [String]) async throws -> HTTPResponse {
        let store = try await context.store()
        guard let first = parts.first else {
            try ServeRouter.allow(request, ["GET", "POST"])
            let query = try ScanQuery(request.query)
            if query.failed {
                return ServeResponse.json(
                    try await store.failures(limit: query.limit, since: query.filter.since, search: query.filter.search))
            }
            let scans = try await store.historyScans(limit: query.limit, before: query.before, filter: query.filter)
            return ServeResponse.json(scans.map(ScanResult.init(stored:)))
        }
        guard let id = Int64(first), id > 0 else { throw APIError.unknownScan(first) }
        switch parts.count {
        case 1:
            try ServeRouter.allow(request, ["GET", "PATCH", "DELETE"])
            if request.method == .PATCH { return try await edit(id, request: request, store: store) }
            if request.method == .DELETE {
                guard try await store.deleteScan(id: id) else { throw APIError.unknownScan(first) }
                return ServeResponse.noContent
            }
            guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan(first) }
            return ServeResponse.json(ScanResult(stored: scan))
        case 2 where parts[1] == "artwork":
            try ServeRouter.allow(request, ["GET"])
            return try await artwork(id, store: store)
        default: throw APIError.notFound(request.path)
        }
    }

    /// The same all-or-nothing edit as `albumscan edit ID`, answered with the edited scan.
    private func edit(_ id: Int64, request: HTTPRequest, store: AlbumStore) async throws -> HTTPResponse {
        let patch = try ScanPatch(json: try await BodyReader(cap: 65_536).read(request))
        if !patch.correction.isEmpty {
            guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan("\(id)") }
            do {
                _ = try await ScanCorrector(environment: context.environment, store: store).correct([scan], with: patch.correction)
            } catch AlbumScanError.usage(let message) {
                throw APIError.badField(message)
            }
        }
        let values = patch.shopValues
        let edit = values.isEmpty ? ScanEdit.edited([id]) : try await store.editScans([id...id], set: values)
        switch edit {
        case .unknown: throw APIError.unknownScan("\(id)")
        case .edited:
            guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan("\(id)") }
            return ServeResponse.json(ScanResult(stored: scan))
        }
    }

    /// The album's stored front image (500 px), else the scan's thumbnail.
    private func artwork(_ id: Int64, store: AlbumStore) async throws -> HTTPResponse {
        guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan("\(id)") }
        var image = try await scan.album.musicbrainzReleaseId.asyncFlatMap { try await store.artwork(mbid: $0)?.image }
        if image == nil { image = try await store.thumbnail(scanId: id) }
        guard let image else {
            throw APIError(status: .notFound, code: "no-artwork", message: "scan \(id) has no stored artwork")
        }
        return ServeResponse.data(image, type: "image/jpeg", cache: "private, max-age=3600")
    }
}

extension Optional {
    /// `flatMap` for an async transform.
    func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
