import Foundation
import GRDB

/// The descriptor of an album's verified front image, as the store keeps it.
public struct StoredDescriptor: Sendable, Equatable {
    public var albumId: Int64
    public var mbid: String?
    /// `MatchDescriptor` bytes (versioned: an older method's descriptor no longer parses and is recomputed).
    public var descriptor: Data
}

extension AlbumStore {
    /// Every album with a verified front image's descriptor.
    public func artworkDescriptors() throws -> [StoredDescriptor] {
        try read("reading artwork descriptors") { db in
            try Row.fetchAll(db, sql: "SELECT id, mbid, artworkDescriptor FROM albums WHERE artworkDescriptor IS NOT NULL")
                .map { StoredDescriptor(albumId: $0["id"], mbid: $0["mbid"], descriptor: $0["artworkDescriptor"]) }
        }
    }
}
