import AlbumScanCore
import FlyingFox
import Foundation

/// A second photo of a record (DESIGN wave 5, the back of the sleeve): `POST /api/scans/ID/photos?side=back|label`
/// pins a saved scan to the release a barcode in the photo names, and answers the scan as `GET /api/scans/ID` does;
/// `POST /api/jobs/JOB/photos?side=back` sends the back of a photo whose job ended unidentified, as a new job that
/// scans the kept front with it (202 {`job`}). The body is the image, as for `POST /api/scans`.
struct SleevePhotoRoutes {
    let context: ServeContext

    /// `POST /api/scans/ID/photos`: 200 with the pinned scan; 409 `different-album` with `error.album` for a back of
    /// another album; 422 `no-barcode` / `unknown-barcode` when the photo names no release; `If-Match` as for PATCH.
    func pinScan(_ request: HTTPRequest, id: Int64, client: String) async throws -> HTTPResponse {
        let side = try Self.side(request, allowed: ["back", "label"])
        let text = String(id)
        let store = try await context.store()
        guard let scan = try await store.scan(id: id) else { throw APIError.unknownScan(text) }
        let seen = try ScanRoutes.ifMatch(request.headers[HTTPHeader("If-Match")])
        let photo = try await image(request)
        let environment = context.environment.with { $0.door = "page:" + client }
        do {
            let back = try await SleeveBack.read(photo, name: "the \(side) of scan \(id)", environment: environment)
            _ = try await SleevePinner(environment: environment, store: store).pin(scan, back: back, ifVersion: seen)
        } catch let stale as StaleVersion {
            throw APIError.stale(stale, current: try await store.scan(id: id).map(ScanResult.init(stored:)))
        } catch AlbumScanError.differentAlbum(let album) {
            return Self.differentAlbum(album)
        } catch let error as AlbumScanError where error.code == "no-barcode" || error.code == "unknown-barcode" {
            throw APIError(status: HTTPStatusCode(422, phrase: "Unprocessable Content"), code: error.code, message: error.message)
        }
        guard let pinned = try await store.scan(id: id) else { throw APIError.unknownScan(text) }
        return ScanRoutes.answer(pinned)
    }

    /// `POST /api/jobs/JOB/photos?side=back`: a new job scanning the job's kept front with this back, 202 {`job`}.
    /// Only a job that ended without a scan takes one (409 otherwise: the scan's own route pins a saved scan).
    func backOfJob(_ request: HTTPRequest, job id: String, client: String) async throws -> HTTPResponse {
        _ = try Self.side(request, allowed: ["back"])
        guard let job = context.queue.snapshot(id) else { throw APIError.unknownJob(id) }
        guard job.state == .done, let result = job.result else {
            throw APIError(
                status: .conflict, code: "job-running",
                message: "job \(SafeText.clean(id)) is not done yet; send the back once it is")
        }
        if let scanId = result.scanId ?? result.skipped?.scanId {
            throw APIError(
                status: .conflict, code: "job-scanned",
                message: "job \(SafeText.clean(id)) saved scan \(scanId); send the back to /api/scans/\(scanId)/photos?side=back")
        }
        guard context.queue.hasRoom(for: client) else {
            throw APIError(
                status: .tooManyRequests, code: "too-many",
                message:
                    "\(context.configuration.queueBound) photos of yours are still waiting; send the back once some are done",
                headers: [HTTPHeader("Retry-After"): "\(context.configuration.retryAfter)"])
        }
        let shop = try UploadRoute.shopFields(request.query, defaults: context.configuration.defaults)
        let back = try await image(request)
        guard let front = await context.uploads.frontPhoto(sha256: job.sha256) else {
            throw APIError(
                status: HTTPStatusCode(410, phrase: "Gone"), code: "photo-gone",
                message: "the front photo of job \(SafeText.clean(id)) is no longer kept; send the front again")
        }
        let next = JobRequest(client: client, sha256: job.sha256, name: job.file, shop: shop, back: true)
        try await context.uploads.save(front, back: back, request: next)
        return ServeResponse.json(UploadRoute.Accepted(job: context.queue.enqueue(next)), status: .accepted)
    }

    /// The request's body, refused before it is read when declared over the cap, and 415 when it is no image.
    private func image(_ request: HTTPRequest) async throws -> Data {
        try context.reader.checkDeclaredLength(request)
        let body = try await context.reader.read(request)
        if let rejection = ImageFormatSniffer.rejection([UInt8](body.prefix(64))) {
            throw APIError(
                status: HTTPStatusCode(415, phrase: "Unsupported Media Type"), code: "not-an-image",
                message: "the photo of the back is not a JPEG, PNG or HEIC photo (\(rejection))")
        }
        return body
    }

    /// The `side` the query names, one of `allowed`; 400 otherwise.
    static func side(_ request: HTTPRequest, allowed: [String]) throws -> String {
        guard let side = request.query["side"], allowed.contains(side) else {
            throw APIError.badRequest("side takes \(allowed.joined(separator: " or ")), as in ?side=back")
        }
        return side
    }

    /// 409 `different-album`: nothing changed, and `error.album` names the album the photo is of.
    static func differentAlbum(_ album: DifferentAlbum) -> HTTPResponse {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code = "different-album"
                var message: String
                var album: DifferentAlbum
            }
            var error: Detail
        }
        return ServeResponse.json(
            Body(error: .init(message: album.message, album: album)), status: HTTPStatusCode(409, phrase: "Conflict"))
    }
}
