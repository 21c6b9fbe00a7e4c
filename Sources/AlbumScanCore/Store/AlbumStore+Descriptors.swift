import Foundation
import GRDB

/// A stored album's colour signature: the local re-match prefilter reads these for every album at once.
public struct StoredSignature: Sendable, Equatable {
    public var mbid: String?
    public var signature: Data
}

/// What a local re-match needs to answer for an album without a model call.
public struct LocalAlbumRecord: Sendable, Equatable {
    public var album: Album
    public var artworkURL: String?
    public var reviewKey: String?
    /// The `MatchDescriptor` bytes of its verified front image.
    public var descriptor: Data?
}

extension AlbumStore {
    /// Every album's signature of its verified front image (about 64 bytes each).
    public func artworkSignatures() throws -> [StoredSignature] {
        try read("reading artwork signatures") { db in
            try Row.fetchAll(db, sql: "SELECT mbid, artworkSignature FROM albums WHERE artworkSignature IS NOT NULL")
                .map { StoredSignature(mbid: $0["mbid"], signature: $0["artworkSignature"]) }
        }
    }

    /// The album of this release, with its artwork URL, review key and descriptor.
    public func localAlbum(mbid: String) throws -> LocalAlbumRecord? {
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
    public func albumsWithDescriptors() throws -> [String?] {
        try read("reading artwork descriptors") { db in
            try String?.fetchAll(db, sql: "SELECT mbid FROM albums WHERE artworkDescriptor IS NOT NULL ORDER BY id")
        }
    }

    /// Scans since `date` identified with no model call, counted by method.
    public func freeScans(since date: Date) throws -> [IdentificationMethod: Int] {
        try read("counting free scans") { db in
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT method, COUNT(*) AS n FROM scans WHERE scannedAt >= ? AND method NOT IN ('model', 'search') GROUP BY method",
                arguments: [date.timeIntervalSince1970])
            return Dictionary(
                uniqueKeysWithValues: rows.compactMap { row in
                    (row["method"] as String?).flatMap(IdentificationMethod.init).map { ($0, row["n"] as Int) }
                })
        }
    }
}
