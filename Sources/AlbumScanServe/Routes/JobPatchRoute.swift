import AlbumScanCore
import FlyingFox
import Foundation

/// `PATCH /api/jobs/ID`: shop fields typed on the page while the photo's scan is still being written (DESIGN wave 5:
/// grade while the review is written). The body is the one `PATCH /api/scans/ID` takes, shop fields only. Before
/// the job is done the fields are kept with it and saved with its scan (the result does not overwrite them): 200
/// {`job`, `shop`}, `shop` being every field kept so far. Once the job's scan is saved they edit that scan, and the
/// answer is the scan (with its ETag), as `PATCH /api/scans/ID` answers; a job that ended without a scan is 409.
struct JobPatchRoute {
    let context: ServeContext

    func handle(_ request: HTTPRequest, job id: String, client: String) async throws -> HTTPResponse {
        guard context.queue.snapshot(id) != nil else { throw APIError.unknownJob(id) }
        let patch = try ScanPatch(json: try await BodyReader(cap: 65_536).read(request))
        guard patch.correction.isEmpty else {
            throw APIError.badRequest("a photo still scanning takes shop fields only; correct the album once it is saved")
        }
        switch await context.queue.settler.edit(id, patch.shopValues) {
        case .kept(let fields):
            return ServeResponse.json(Kept(job: id, shop: fields))
        case .scan(let scanId):
            let store = try await context.store()
            let stamp = context.environment.with { $0.door = "page:" + client }.changeStamp
            let values = patch.shopValues
            let edit = try await store.run { try $0.editScans([scanId...scanId], set: values, stamp: stamp) }
            guard case .edited = edit, let scan = try await store.scan(id: scanId) else {
                throw APIError.unknownScan("\(scanId)")
            }
            return ScanRoutes.answer(scan)
        case .noScan:
            throw APIError(
                status: .conflict, code: "no-scan", message: "this photo ended without a scan, so there is nothing to grade")
        }
    }

    /// 200's body: the fields kept with the job so far (null: cleared).
    struct Kept: Encodable {
        var job: String
        var shop: [String: String?]
    }
}
