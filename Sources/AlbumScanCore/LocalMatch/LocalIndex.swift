import AlbumScanMatching
import Foundation

/// The albums a photo may be re-matched to without a model call: a visual-word index over their verified covers'
/// features, and each cover's 48-byte colour layout, loaded from the store once per process (about 1 KB an album)
/// and joined by albums verified during this run.
///
/// Words find a textured cover however small, turned or lit it is in the photo; the layout still finds flat art
/// that gives SIFT little to hold on to (the dense stage of the matcher verifies those), so both rank candidates.
final class LocalIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var mbid: String
        /// The cover's colour layout; nil when none is stored.
        var layout: CoverLayout?
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
        let stored = rows.compactMap { row -> (Entry, [UInt16])? in
            guard let words = row.words.flatMap({ CoverWords(data: [UInt8]($0)) }) else {
                missing.append(row.mbid)
                return nil
            }
            let layout = row.layout.flatMap { CoverLayout(bytes: [UInt8]($0)) }
            return (Entry(mbid: row.mbid, layout: layout, addedBy: nil), words.words)
        }
        var first = false
        state.mutate { current in
            guard !current.loaded else { return }
            first = true
            current.loaded = true
            // Albums verified earlier in this run are newer than their stored rows.
            for (entry, words) in stored where current.slots[entry.mbid] == nil {
                current.add(entry, words: words)
            }
        }
        return first ? missing : []
    }

    /// Adds (or refreshes) an album verified by the scan of `file` (nil: a stored album's descriptor made again).
    func add(mbid: String, descriptor: Data, file: String?) {
        guard let cover = MatchDescriptor(data: descriptor) else { return }
        let entry = Entry(mbid: mbid, layout: CoverLayout(descriptor: cover), addedBy: file)
        state.mutate { $0.add(entry, words: CoverWords(descriptor: cover).words) }
    }

    /// The `count` entries whose covers share the most (idf-weighted) words with the photo's, best first, then the
    /// `layoutCount` entries not among them whose layouts are nearest the photo's (read at its placements) within
    /// `layoutLimit`, nearest first.
    func candidates(words: [UInt16], count: Int, placements: [CoverLayout], layoutLimit: Float, layoutCount: Int)
        -> [(entry: Entry, reason: String)]
    {
        let current = state.value
        let ranked = current.index.ranked(words, count: count)
        var picked = Set(ranked.map(\.slot))
        var result = ranked.map { (current.entries[$0.slot], String(format: "words %.1f", $0.score)) }
        let byLayout = current.entries.indices.compactMap { slot -> (slot: Int, distance: Float)? in
            let entry = current.entries[slot]
            guard !picked.contains(slot), current.slots[entry.mbid] == slot, let layout = entry.layout else { return nil }
            let distance = CoverLayout.distance(photo: placements, cover: layout)
            return distance <= layoutLimit ? (slot, distance) : nil
        }.sorted { $0.distance < $1.distance }.prefix(layoutCount)
        for near in byLayout where picked.insert(near.slot).inserted {
            result.append((current.entries[near.slot], String(format: "layout %.2f", near.distance)))
        }
        return result
    }
}
