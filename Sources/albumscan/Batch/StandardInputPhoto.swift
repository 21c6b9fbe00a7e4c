import AlbumScanApp
import AlbumScanCore
import Foundation

/// `scan -`: the photo on standard input, kept in a private temporary file for the scan and removed after it.
struct StandardInputPhoto {
    let path: InputPath
    private let file: URL

    /// Reads standard input to its end; an empty one is an unreadable input.
    init(reading read: () throws -> Data) throws {
        let data: Data
        do {
            data = try read()
        } catch {
            throw AlbumScanError.unreadableInput("-: cannot read standard input: \(error)")
        }
        guard !data.isEmpty else { throw AlbumScanError.unreadableInput("-: standard input is empty; pipe a photo into it") }
        file = FileManager.default.temporaryDirectory.appendingPathComponent("albumscan-stdin-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw AlbumScanError.storage("cannot keep the photo from standard input in \(file.deletingLastPathComponent().path)")
        }
        path = InputPath(bytes: Array(file.path.utf8), label: "-")
    }

    func remove() { try? FileManager.default.removeItem(at: file) }
}
