import AlbumScanMatching
import Foundation

/// The albums a photo may be re-matched to without a model call: a visual-word index over their verified covers'
/// features, and each cover's 48-byte colour layout, loaded from the store once per process (about 1 KB an album)
/// and joined by albums verified during this run.
///
/// Words find a textured cover however small, turned or lit it is in the photo; the layout still finds flat art
/// that gives SIFT little to hold on to (the matcher's dense search verifies those), so both rank candidates.
package final class LocalIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var mbid: String
        /// Whether the album has a stored colour layout (its cells in `Contents.cells`).
        var hasLayout: Bool
        /// The file whose scan added this album during this run; nil for albums already in the store.
        var addedBy: String?
    }

    /// One candidate for the matcher, and what ranked it.
    struct Candidate: Sendable {
        var entry: Entry
        var reason: String
        /// The album whose layout is nearest the photo's: it gets the full comparison, whose dense search verifies
        /// flat art that features cannot place; the others are compared by features alone (a few milliseconds).
        var thorough: Bool
    }

    /// Entries by slot of the word index, and their layouts' cells end to end in slot order (zeros for an entry
    /// without one), for `CoverLayout.distances`. A refreshed album takes a new slot; its old one is dropped.
    private struct Contents: Sendable {
        var loaded = false
        var index = WordIndex(words: VisualVocabulary.shippedCount)
        var entries: [Entry] = []
        var cells: [Float] = []
        /// Each slot's words with their positions, for the spatial re-ranking.
        var covers: [CoverWords] = []
        var slots: [String: Int] = [:]

        mutating func add(_ entry: Entry, words: CoverWords, layout: CoverLayout?) {
            if let old = slots[entry.mbid] { index.drop(old) }
            slots[entry.mbid] = index.add(words.words)
            entries.append(entry)
            covers.append(words)
            cells += layout?.cells ?? [Float](repeating: 0, count: CoverLayout.count)
        }

        func isCurrent(_ slot: Int) -> Bool { slots[entries[slot].mbid] == slot }
    }

    private let state = LockedBox(Contents())

    package init() {}

    /// Decodes the visual vocabulary now, so that neither the photo's words nor a verified cover's wait for it.
    static func warmUp() {
        _ = VisualVocabulary.shipped
    }

    /// The stored layout bytes for a descriptor's bytes; nil when they are not a current descriptor.
    static func layoutBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(CoverLayout(descriptor: $0).bytes) }
    }

    /// The stored visual words for a descriptor's bytes; nil when they are not a current descriptor.
    static func wordBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(CoverWords(descriptor: $0).data) }
    }

    /// Loads the store's albums the first time it is asked; returns the albums whose stored words are missing or of
    /// another vocabulary, for the caller to make again (they are not in the index until then).
    package func loadIfNeeded(_ load: () throws -> [StoredWords]) rethrows -> [String] {
        guard !state.value.loaded else { return [] }
        var missing: [String] = []
        let stored = try load().compactMap { row -> (Entry, CoverWords, CoverLayout?)? in
            guard let words = row.words.flatMap({ CoverWords(data: [UInt8]($0)) }) else {
                missing.append(row.mbid)
                return nil
            }
            let layout = row.layout.flatMap { CoverLayout(bytes: [UInt8]($0)) }
            return (Entry(mbid: row.mbid, hasLayout: layout != nil, addedBy: nil), words, layout)
        }
        var first = false
        state.mutate { current in
            guard !current.loaded else { return }
            first = true
            current.loaded = true
            // Albums verified earlier in this run are newer than their stored rows.
            for (entry, words, layout) in stored where current.slots[entry.mbid] == nil {
                current.add(entry, words: words, layout: layout)
            }
        }
        return first ? missing : []
    }

    /// Whether no album can be matched (a new library): the photo's words are then not worth computing yet.
    var isEmpty: Bool { albums == 0 }

    /// How many albums can be matched.
    package var albums: Int { state.value.index.live }

    /// Adds (or refreshes) an album verified by the scan of `file` (nil: a stored album's descriptor made again).
    func add(mbid: String, descriptor: Data, file: String?) {
        guard let cover = MatchDescriptor(data: descriptor) else { return }
        let entry = Entry(mbid: mbid, hasLayout: true, addedBy: file)
        let (words, layout) = (CoverWords(descriptor: cover), CoverLayout(descriptor: cover))
        state.mutate { $0.add(entry, words: words, layout: layout) }
    }

    /// The albums whose layouts are nearest the photo's (read at its `placements`) within `limit`, nearest first,
    /// and the one of them marked `thorough` when it stands out (`LocalMatch.thoroughSlot`).
    struct LayoutRanking: Sendable {
        var nearest: [Int]
        var distances: [Float]
        var thorough: Int?
    }

    /// Ranks the library's layouts, keeping the `keep` nearest; needs no features, so it runs while the photo's are
    /// made. One pass over the library's distances, with no sort of it.
    func layoutRanking(placements: [CoverLayout], limit: Float, ratio: Float, keep: Int) -> LayoutRanking {
        let contents = state.value
        let distances = CoverLayout.distances(photo: placements, library: contents.cells)
        var nearest: [Int] = []
        for slot in distances.indices where distances[slot] <= limit {
            if nearest.count == keep, let last = nearest.last, distances[slot] >= distances[last] { continue }
            guard contents.entries[slot].hasLayout, contents.isCurrent(slot) else { continue }
            let place = nearest.firstIndex { distances[slot] < distances[$0] } ?? nearest.count
            nearest.insert(slot, at: place)
            if nearest.count > keep { nearest.removeLast() }
        }
        let thorough = LocalMatch.thoroughSlot(nearest: nearest, distances: distances, ratio: ratio)
        return LayoutRanking(nearest: nearest, distances: distances, thorough: thorough)
    }

    /// The `count` albums whose covers share the most words with the photo's in one placement (`SpatialRerank`),
    /// best first, then the `layoutCount` albums of `layouts` not among them, nearest first.
    func candidates(photo: PhotoWords, count: Int, layouts: LayoutRanking, layoutCount: Int) -> [Candidate] {
        let contents = state.value
        let ranked = SpatialRerank.ranked(photo, index: contents.index, covers: contents.covers, count: count)
        let picked = Set(ranked.map(\.slot))
        func candidate(_ slot: Int, _ reason: String) -> Candidate {
            Candidate(entry: contents.entries[slot], reason: reason, thorough: slot == layouts.thorough)
        }
        var result = ranked.map { candidate($0.slot, "words \($0.inliers) in place") }
        for slot in layouts.nearest.lazy.filter({ !picked.contains($0) }).prefix(layoutCount) {
            result.append(candidate(slot, String(format: "layout %.2f", layouts.distances[slot])))
        }
        return result
    }
}
