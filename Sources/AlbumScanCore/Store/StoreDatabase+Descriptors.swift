import Foundation
import GRDB

/// A stored album's cover layout: the local re-match prefilter reads these for every album at once.
package struct StoredLayout: Sendable, Equatable {
    package var mbid: String?
    package var layout: Data
}

/// What a local re-match needs to answer for an album without a model call.
package struct LocalAlbumRecord: Sendable, Equatable {
    package var album: Album
    package var artworkURL: String?
    package var reviewKey: String?
    /// The `MatchDescriptor` bytes of its verified front image.
    package var descriptor: Data?
}

extension StoreDatabase {
    /// Every album's layout of its verified front image (48 bytes each).
    package func artworkLayouts() throws -> [StoredLayout] {
        try read("reading artwork layouts") { db in
            try Row.fetchAll(db, sql: "SELECT mbid, artworkLayout FROM albums WHERE artworkLayout IS NOT NULL")
                .map { StoredLayout(mbid: $0["mbid"], layout: $0["artworkLayout"]) }
        }
    }

    /// The album of this release, with its artwork URL, review key and descriptor.
    package func localAlbum(mbid: String) throws -> LocalAlbumRecord? {
        try read("reading album \(mbid)") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM albums WHERE mbid = ?", arguments: [mbid]) else {
                return nil
            }
            return LocalAlbumRecord(
                album: try Self.album(from: row), artworkURL: row["artworkUrl"], reviewKey: row["reviewKey"],
                descriptor: row["artworkDescriptor"])
        }
    }

    /// Mbids of albums with a verified front image's descriptor (for tests and `--verbose`).
    package func albumsWithDescriptors() throws -> [String?] {
        try read("reading artwork descriptors") { db in
            try String?.fetchAll(db, sql: "SELECT mbid FROM albums WHERE artworkDescriptor IS NOT NULL ORDER BY id")
        }
    }

    /// Replaces an album's descriptor (and the layout made from it), made again from its stored front image after
    /// the matcher changed.
    package func replaceDescriptor(mbid: String, descriptor: Data) throws {
        try write("updating an artwork descriptor") { db in
            try db.execute(
                sql: "UPDATE albums SET artworkDescriptor = ?, artworkLayout = ? WHERE mbid = ?",
                arguments: [descriptor, LocalIndex.layoutBytes(descriptor), mbid])
        }
    }
}
