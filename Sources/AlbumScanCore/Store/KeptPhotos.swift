import Foundation

/// `$ALBUMSCAN_HOME/photos/SHA256`: the photos `serve` received, kept as they came (files, not SQLite), because a
/// phone's photo exists nowhere else (DESIGN wave 5). A scan's photo stays until the scan is deleted; a photo whose
/// job ended without a scan stays 30 days. `scan` of a file keeps nothing: the file is the user's.
package struct KeptPhotos: Sendable {
    package let folder: URL
    /// How long a photo with no scan is kept.
    package static let unscannedDays = 30

    package init(home: URL) {
        folder = home.appendingPathComponent("photos", isDirectory: true)
    }

    /// Where the photo with this content is (or would be) kept.
    package func url(sha256: String) -> URL { folder.appendingPathComponent(sha256) }

    /// The kept photo's bytes, if any.
    package func photo(sha256: String) -> Data? {
        guard sha256.allSatisfy(\.isHexDigit) else { return nil }
        return FileManager.default.contents(atPath: url(sha256: sha256).path)
    }

    /// Moves a received photo in (the same content already kept is left as it is, and `file` removed).
    package func keep(_ file: URL, sha256: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = url(sha256: sha256)
        if manager.fileExists(atPath: target.path) {
            try manager.removeItem(at: file)
        } else {
            try manager.moveItem(at: file, to: target)
        }
    }

    /// Removes the photo with this content; nothing when there is none.
    package func remove(sha256: String) throws {
        let target = url(sha256: sha256)
        guard FileManager.default.fileExists(atPath: target.path) else { return }
        try FileManager.default.removeItem(at: target)
    }

    /// Removes the photos of no scan (`scanned` says which contents have one) kept longer than 30 days before `now`;
    /// how many went.
    package func prune(now: Date, scanned: (String) throws -> Bool) throws -> Int {
        let cutoff = now.addingTimeInterval(-Double(Self.unscannedDays) * 86_400)
        var removed = 0
        for (name, modified, _) in try entries() where modified < cutoff {
            guard try !scanned(name) else { continue }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed += 1
        }
        return removed
    }

    /// How many photos are kept, and their bytes.
    package func usage() throws -> (count: Int, bytes: Int) {
        try entries().reduce((0, 0)) { ($0.0 + 1, $0.1 + $1.size) }
    }

    private func entries() throws -> [(name: String, modified: Date, size: Int)] {
        let manager = FileManager.default
        guard manager.fileExists(atPath: folder.path) else { return [] }
        return try manager.contentsOfDirectory(atPath: folder.path).filter { $0.allSatisfy(\.isHexDigit) }.map { name in
            let attributes = try manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return (
                name, attributes[.modificationDate] as? Date ?? .distantPast,
                (attributes[.size] as? NSNumber)?.intValue ?? 0
            )
        }
    }
}
