import AlbumScanCore
import FlyingFox
import Foundation

/// `GET /api/scans`, and `GET`, `PATCH`, `DELETE /api/scans/ID`, `GET /api/scans/ID/changes`,
/// `GET /api/scans/ID/photo` (the photo as sent) and `GET /api/scans/ID/artwork`: the catalogue, through the store
/// calls `history`, `show`, `edit` and `delete` make.
/// A scan answers with `ETag: "VERSION"`; a PATCH with `If-Match` naming another version is 412 (`stale`).
struct ScanRoutes {
    let context: ServeContext

    /// `GET /api/scans`: the catalogue, or the failed photos (`failed=1`), filtered and paged as `history`.
    func list(_ request: HTTPRequest) async throws -> HTTPResponse {
        let store = try await context.store()
        let query = try ScanQuery(request.query)
        if query.failed {
            return ServeResponse.json(
                try await store.failures(limit: query.limit, since: query.filter.since, search: query.filter.search))
        }
        let scans = try await store.historyScans(limit: query.limit, before: query.before, filter: query.filter)
        return ServeResponse.json(scans.map(ScanResult.init(stored:)))
    }

    /// `GET /api/scans/ID`: the scan as `show --json` prints it.
    func show(_ id: Int64) async throws -> HTTPResponse {
        guard let scan = try await context.store().scan(id: id) else { throw APIError.unknownScan("\(id)") }
        return Self.answer(scan)
    }

    /// `DELETE /api/scans/ID`: the scan and its kept photo, as `delete` removes them.
    func delete(_ id: Int64) async throws -> HTTPResponse {
        let store = try await context.store()
        let photo = try await store.scan(id: id)?.inputSha256
        guard try await store.deleteScan(id: id) else { throw APIError.unknownScan("\(id)") }
        if let photo { try KeptPhotos(home: context.environment.home).remove(sha256: photo) }
        return ServeResponse.noContent
    }

    /// `GET /api/scans/ID/photo`: the photo as it was sent.
    func photo(_ id: Int64) async throws -> HTTPResponse {
        guard let scan = try await context.store().scan(id: id) else { throw APIError.unknownScan("\(id)") }
        guard let photo = KeptPhotos(home: context.environment.home).photo(sha256: scan.inputSha256) else {
            throw APIError(status: .notFound, code: "no-photo", message: "scan \(id)'s photo was not sent to this server")
        }
        let type = ImageFormatSniffer.mediaType([UInt8](photo.prefix(64)))
        return ServeResponse.data(photo, type: type, cache: "private, max-age=3600")
    }

    /// `GET /api/scans/ID/changes`: the scan's change log, as `show ID --changes`.
    func changes(_ id: Int64) async throws -> HTTPResponse {
        let store = try await context.store()
        guard let changes = try await store.run({ try $0.changes(scanId: id) }) else { throw APIError.unknownScan("\(id)") }
        return ServeResponse.json(changes)
    }

    /// The same all-or-nothing edit as `albumscan edit ID`, answered with the edited scan. With `If-Match`, a scan
    /// that moved on from that version changes nothing: 412 with the scan as it is now.
    func edit(_ id: Int64, request: HTTPRequest, client: String) async throws -> HTTPResponse {
        let store = try await context.store()
        let patch = try ScanPatch(json: try await BodyReader(cap: 65_536).read(request))
        let seen = try Self.ifMatch(request.headers[HTTPHeader("If-Match")])
        let environment = context.environment.with { $0.door = "page:" + client }
        do {
            var versionToCheck = seen
            var review: String?
            if !patch.correction.isEmpty {
                guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan("\(id)") }
                do {
                    let corrected = try await ScanCorrector(environment: environment, store: store)
                        .correct([scan], with: patch.correction, ifVersion: seen)
                    review = corrected.first.map(Self.reviewCost)
                } catch AlbumScanError.usage(let message) {
                    throw APIError.badField(message)
                }
                versionToCheck = nil  // the correction checked it; the shop fields go with it
            }
            let values = patch.shopValues
            let edit =
                values.isEmpty
                ? ScanEdit.edited([id])
                : try await store.run { [stamp = environment.changeStamp, versionToCheck] in
                    try $0.editScans([id...id], set: values, stamp: stamp, ifVersion: versionToCheck)
                }
            guard case .edited = edit, let scan = try await store.scan(id: id) else { throw APIError.unknownScan("\(id)") }
            var response = Self.answer(scan)
            if let review { response.headers[HTTPHeader("X-Review")] = review }
            return response
        } catch let stale as StaleVersion {
            throw APIError.stale(stale, current: try await store.scan(id: id).map(ScanResult.init(stored:)))
        }
    }

    /// What a correction's review cost, for the page (`X-Review`): `cached` (no model call), `new` (one call) or
    /// `none` (no review written, nothing charged).
    static func reviewCost(_ corrected: ScanResult) -> String {
        switch corrected.review?.status {
        case .generated: "new"
        case .cached: "cached"
        default: "none"
        }
    }

    /// A scan as `show --json` prints it, with its version as the ETag.
    static func answer(_ scan: StoredScan) -> HTTPResponse {
        var response = ServeResponse.json(ScanResult(stored: scan))
        response.headers[HTTPHeader("ETag")] = "\"\(scan.version)\""
        return response
    }

    /// The version an `If-Match` names (`"3"`, `3` or `W/"3"`); nil without one or for `*`; 400 for anything else.
    static func ifMatch(_ header: String?) throws -> Int? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), header != "*" else { return nil }
        let bare = header.hasPrefix("W/") ? String(header.dropFirst(2)) : header
        let digits = bare.hasPrefix("\"") && bare.hasSuffix("\"") && bare.count >= 2 ? String(bare.dropFirst().dropLast()) : bare
        guard let version = Int(digits), version > 0 else {
            throw APIError.badRequest("If-Match takes the scan's ETag, like \"3\"")
        }
        return version
    }

    /// The album's stored front image (500 px), else the scan's thumbnail.
    func artwork(_ id: Int64) async throws -> HTTPResponse {
        let store = try await context.store()
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
