import AlbumScanCore
import Foundation

/// `$ALBUMSCAN_HOME/serve-uploads/SHA256/`: each received photo and its `JobRequest`, from the moment it is received
/// until its scan ends. What is left there at start (a server killed mid-scan) is scanned again.
struct UploadFolder: Sendable {
    let root: URL
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
        root = environment.home.appendingPathComponent("serve-uploads", isDirectory: true)
    }

    /// The photo file of a request.
    func photo(of request: JobRequest) -> URL {
        root.appendingPathComponent(request.sha256).appendingPathComponent("photo")
    }

    /// Writes the photo and its request (the request last: a folder without one is an unfinished write).
    func save(_ bytes: Data, request: JobRequest) async throws {
        let folder = root.appendingPathComponent(request.sha256, isDirectory: true)
        let (photo, note) = (self.photo(of: request), try JSONEncoder().encode(request))
        try await environment.offload {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try bytes.write(to: photo, options: .atomic)
            try note.write(to: folder.appendingPathComponent("request.json"), options: .atomic)
        }
    }

    /// A photo whose scan ended (saved or not): moved to the kept photos (`KeptPhotos`), its folder removed.
    func finish(sha256: String) async {
        let folder = root.appendingPathComponent(sha256, isDirectory: true)
        let kept = KeptPhotos(home: environment.home)
        do {
            try await environment.offload {
                let photo = folder.appendingPathComponent("photo")
                if FileManager.default.fileExists(atPath: photo.path) { try kept.keep(photo, sha256: sha256) }
                try FileManager.default.removeItem(at: folder)
            }
        } catch {
            environment.log("serve: could not keep the photo in \(folder.path): \(error)")
        }
    }

    /// The requests of photos received but not scanned to the end, oldest first; unreadable leftovers are removed.
    func leftovers() async throws -> [JobRequest] {
        let root = self.root
        return try await environment.offload {
            let manager = FileManager.default
            guard manager.fileExists(atPath: root.path) else { return [] }
            var found: [(Date, JobRequest)] = []
            for name in try manager.contentsOfDirectory(atPath: root.path) {
                let folder = root.appendingPathComponent(name, isDirectory: true)
                let note = folder.appendingPathComponent("request.json")
                if let request = Self.request(at: note), manager.fileExists(atPath: folder.appendingPathComponent("photo").path) {
                    let date = (try manager.attributesOfItem(atPath: note.path)[.modificationDate] as? Date) ?? .distantPast
                    found.append((date, request))
                } else {
                    // A write cut short before its request was saved: the page still holds the photo and sends it again.
                    try manager.removeItem(at: folder)
                }
            }
            return found.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The request saved at `note`; nil when it is missing or unreadable (a write the kill cut short).
    private static func request(at note: URL) -> JobRequest? {
        guard let data = FileManager.default.contents(atPath: note.path) else { return nil }
        do {
            return try JSONDecoder().decode(JobRequest.self, from: data)
        } catch {
            return nil
        }
    }
}
