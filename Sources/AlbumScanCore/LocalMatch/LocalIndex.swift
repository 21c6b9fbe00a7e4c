import Foundation

/// The albums a photo may be re-matched to without a model call: each album's colour signature, loaded from the
/// store once per process and joined by albums verified during this run.
final class LocalIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var mbid: String
        var signature: ColourSignature
        /// The file whose scan added this album during this run; nil for albums already in the store.
        var addedBy: String?
    }

    private let state = LockedBox<(loaded: Bool, entries: [Entry])>((false, []))

    /// The stored signature bytes for a descriptor's bytes; nil when they are not a current descriptor.
    static func signatureBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(ColourSignature(descriptor: $0).bytes) }
    }

    /// Loads the store's albums the first time it is asked (about 70 bytes each: 10,000 albums are under 1 MB).
    func loadIfNeeded(_ load: () throws -> [(mbid: String, signature: Data)]) rethrows {
        guard !state.value.loaded else { return }
        let stored = try load().compactMap { row in
            ColourSignature(bytes: [UInt8](row.signature)).map { Entry(mbid: row.mbid, signature: $0, addedBy: nil) }
        }
        state.mutate { current in
            guard !current.loaded else { return }
            current = (true, stored + current.entries)
        }
    }

    /// Adds (or refreshes) an album verified by the scan of `file`.
    func add(mbid: String, descriptor: Data, file: String) {
        guard let bytes = Self.signatureBytes(descriptor), let signature = ColourSignature(bytes: [UInt8](bytes)) else { return }
        state.mutate { current in
            current.entries.removeAll { $0.mbid == mbid }
            current.entries.append(Entry(mbid: mbid, signature: signature, addedBy: file))
        }
    }

    /// The entry most like `signature`, if it reaches `floor`.
    func best(for signature: ColourSignature, floor: Float) -> (entry: Entry, similarity: Float)? {
        var best: (entry: Entry, similarity: Float)?
        for entry in state.value.entries {
            let similarity = entry.signature.similarity(signature)
            if similarity >= floor, similarity > best?.similarity ?? -1 { best = (entry, similarity) }
        }
        return best
    }
}
