import AlbumScanTestSupport
import Foundation

/// Fixture covers written into a test's home, for in-process scans.
enum FixtureScans {
    /// Writes the cover of the fixture album whose slug starts with `prefix` and returns its file.
    static func cover(_ prefix: String, in folder: URL, name: String? = nil) throws -> URL {
        guard let album = FixtureCatalog.albums.first(where: { $0.slug.hasPrefix(prefix) }) else {
            throw FixtureScansError(prefix: prefix)
        }
        let file = folder.appendingPathComponent("\(name ?? album.slug).jpg")
        try album.cover(width: 900, height: 900).write(to: file)
        return file
    }

    struct FixtureScansError: Error { var prefix: String }
}
