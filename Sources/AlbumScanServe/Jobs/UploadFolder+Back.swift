import AlbumScanCore
import Foundation

extension UploadFolder {
    /// The back photo sent with a request's front (`JobRequest.back`), beside it.
    func back(of request: JobRequest) -> URL {
        root.appendingPathComponent(request.sha256).appendingPathComponent("back")
    }

    /// A job's front photo: kept (`KeptPhotos`) once its job ended, or still in its upload folder; nil when gone.
    func frontPhoto(sha256: String) async -> Data? {
        let (kept, waiting) = (
            KeptPhotos(home: environment.home), root.appendingPathComponent(sha256).appendingPathComponent("photo")
        )
        do {
            return try await environment.offload {
                kept.photo(sha256: sha256) ?? FileManager.default.contents(atPath: waiting.path)
            }
        } catch {
            return nil
        }
    }

    /// Writes a front and its back for `request`: the back first, so a folder with a request has both.
    func save(_ front: Data, back: Data, request: JobRequest) async throws {
        let folder = root.appendingPathComponent(request.sha256, isDirectory: true)
        let file = self.back(of: request)
        try await environment.offload {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try back.write(to: file, options: .atomic)
        }
        try await save(front, request: request)
    }
}
