import AlbumScanMatching
import Foundation

/// The albums a photo may be re-matched to without a model call: a visual-word index over their verified covers'
/// features, loaded from the store once per process (about 1 KB of words an album) and joined by albums verified
/// during this run.
final class LocalIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var mbid: String
        /// The file whose scan added this album during this run; nil for albums already in the store.
        var addedBy: String?
    }

    private struct State: Sendable {
        var loaded = false
        var index = WordIndex(words: VisualVocabulary.shipped.count)
        /// Entries by slot of `index`.
        var entries: [Entry] = []
        var slots: [String: Int] = [:]

        mutating func add(_ entry: Entry, words: [UInt16]) {
            if let old = slots[entry.mbid] { index.drop(old) }
            let slot = index.add(words)
            entries.append(entry)
            slots[entry.mbid] = slot
        }
    }

    private let state = LockedBox(State())

    /// The stored layout bytes for a descriptor's bytes; nil when they are not a current descriptor. Still written
    /// so that a store shared with an older albumscan keeps its prefilter.
    static func layoutBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(CoverLayout(descriptor: $0).bytes) }
    }

    /// The stored visual words for a descriptor's bytes; nil when they are not a current descriptor.
    static func wordBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(CoverWords(descriptor: $0).data) }
    }

    /// Loads the store's albums the first time it is asked; returns the albums whose stored words are missing or of
    /// another vocabulary, for the caller to make again (they are not in the index until then).
    func loadIfNeeded(_ load: () throws -> [StoredWords]) rethrows -> [String] {
        guard !state.value.loaded else { return [] }
        let rows = try load()
        var missing: [String] = []
        let stored = rows.compactMap { row -> (String, [UInt16])? in
            guard let words = row.words.flatMap({ CoverWords(data: [UInt8]($0)) }) else {
                missing.append(row.mbid)
                return nil
            }
            return (row.mbid, words.words)
        }
        var first = false
        state.mutate { current in
            guard !current.loaded else { return }
            first = true
            current.loaded = true
            // Albums verified earlier in this run are newer than their stored rows.
            for (mbid, words) in stored where current.slots[mbid] == nil {
                current.add(Entry(mbid: mbid, addedBy: nil), words: words)
            }
        }
        return first ? missing : []
    }

    /// Adds (or refreshes) an album verified by the scan of `file` (nil: a stored album's descriptor made again).
    func add(mbid: String, descriptor: Data, file: String?) {
        guard let words = MatchDescriptor(data: descriptor).map(CoverWords.init(descriptor:)) else { return }
        add(mbid: mbid, words: words.words, file: file)
    }

    /// Adds (or refreshes) an album by its words.
    func add(mbid: String, words: [UInt16], file: String?) {
        state.mutate { $0.add(Entry(mbid: mbid, addedBy: file), words: words) }
    }

    /// The `count` entries whose covers share the most (idf-weighted) words with the photo's, best first.
    func nearest(to words: [UInt16], count: Int) -> [(entry: Entry, score: Float)] {
        let current = state.value
        return current.index.ranked(words, count: count).map { (current.entries[$0.slot], $0.score) }
    }
}
