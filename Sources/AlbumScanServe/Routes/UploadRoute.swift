import AlbumScanCore
import FlyingFox
import Foundation

/// `POST /api/scans`: the raw body is the photo. Refusals that the headers and query decide (a full queue, a length
/// over the cap, a bad grade) come before a byte of the body is read.
struct UploadRoute {
    let context: ServeContext

    func handle(_ request: HTTPRequest, client: String) async throws -> HTTPResponse {
        let configuration = context.configuration
        guard context.queue.hasRoom(for: client) else {
            throw APIError(
                status: .tooManyRequests, code: "too-many",
                message: "\(configuration.queueBound) photos of yours are still waiting; send more once some are done",
                headers: [HTTPHeader("Retry-After"): "\(configuration.retryAfter)"])
        }
        try context.reader.checkDeclaredLength(request)
        let shop = try Self.shopFields(request.query, defaults: configuration.defaults)
        let body = try await context.reader.read(request)
        let head = [UInt8](body.prefix(64))
        if ImageFormatSniffer.rejection(head) != nil {
            throw APIError(
                status: HTTPStatusCode(415, phrase: "Unsupported Media Type"), code: "not-an-image",
                message: Self.notAnImage(ImageFormatSniffer.unreadKind(head)))
        }
        let sha256 = ScanPipeline.sha256(body)
        let job = JobRequest(
            client: client, sha256: sha256, name: Self.name(request.query["name"]), shop: shop,
            noQualityCheck: request.query["noQualityCheck"] == "1", rescan: request.query["rescan"] == "1",
            noLocal: request.query["noLocal"] == "1")
        try await context.uploads.save(body, request: job)
        return ServeResponse.json(Accepted(job: context.queue.enqueue(job)), status: .accepted)
    }

    /// The refusal of a file that is not a photo albumscan reads, in one sentence a phone can show: what it is, when
    /// that is known, and what to send instead.
    static func notAnImage(_ kind: String?) -> String {
        "\(kind.map { "this file is \($0), not" } ?? "this file is not") a photo albumscan can read; send a JPEG, PNG or HEIC photo"
    }

    /// 202's body: the photo's own job (one following the photo's running job, when it has one).
    struct Accepted: Encodable {
        var job: String
    }

    /// The session's defaults with the query's shop fields over them; a bad grade or price is 422.
    static func shopFields(_ query: [HTTPRequest.QueryItem], defaults: ShopFields) throws -> [String: String] {
        var fields: [String: String] = [:]
        for field in ShopField.allCases {
            guard let typed = query[field.rawValue] else {
                if let value = defaults[field] { fields[field.rawValue] = value }
                continue
            }
            do {
                if let value = try field.value(from: typed) { fields[field.rawValue] = value }
            } catch let error as AlbumScanError {
                throw APIError.badField(error.message.replacingOccurrences(of: field.option, with: field.rawValue))
            }
        }
        return fields
    }

    /// The photo's name as the phone gave it: its last path component, one line, at most 120 characters.
    static func name(_ given: String?) -> String {
        let base = (given ?? "").split(separator: "/").last.map(String.init) ?? ""
        let clean = SafeText.clean(base).trimmingCharacters(in: .whitespacesAndNewlines)
        return clean.isEmpty ? "phone-photo.jpg" : String(clean.prefix(120))
    }
}
