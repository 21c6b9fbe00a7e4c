import Foundation
import GRDB

/// A stored album's visual words for Call 0's retrieval index; nil when the album has a descriptor but no words yet.
package struct StoredWords: Sendable, Equatable {
    package var mbid: String
    package var words: Data?
    /// The cover's colour layout (48 bytes), ranked beside the words for flat art.
    package var layout: Data?
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
    /// Every album with a verified front image's descriptor, its visual words (about 1 KB) and colour layout.
    package func retrievalWords() throws -> [StoredWords] {
        try read("reading retrieval words") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT mbid, retrievalWords, artworkLayout FROM albums
                    WHERE artworkDescriptor IS NOT NULL AND mbid IS NOT NULL
                    """
            ).map { StoredWords(mbid: $0["mbid"], words: $0["retrievalWords"], layout: $0["artworkLayout"]) }
        }
    }

    /// Saves an album's visual words, made again from its stored descriptor.
    package func saveRetrievalWords(mbid: String, words: Data) throws {
        try write("saving retrieval words") { db in
            try db.execute(sql: "UPDATE albums SET retrievalWords = ? WHERE mbid = ?", arguments: [words, mbid])
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

    /// Replaces an album's descriptor (and the layout and words made from it), made again from its stored front image after
    /// the matcher changed.
    package func replaceDescriptor(mbid: String, descriptor: Data) throws {
        try write("updating an artwork descriptor") { db in
            try db.execute(
                sql: "UPDATE albums SET artworkDescriptor = ?, artworkLayout = ?, retrievalWords = ? WHERE mbid = ?",
                arguments: [descriptor, LocalIndex.layoutBytes(descriptor), LocalIndex.wordBytes(descriptor), mbid])
        }
    }
}
