import AlbumScanMatching
import Foundation

/// The albums a photo may be re-matched to without a model call: each album's cover layout, loaded from the store
/// once per process (48 bytes an album) and joined by albums verified during this run.
final class LocalIndex: Sendable {
    struct Entry: Sendable, Equatable {
        var mbid: String
        var layout: CoverLayout
        /// The file whose scan added this album during this run; nil for albums already in the store.
        var addedBy: String?
    }

    /// The entries, and their layouts' cells end to end in the same order, for `CoverLayout.distances`.
    private struct Contents {
        var loaded = false
        var entries: [Entry] = []
        var cells: [Float] = []

        mutating func set(_ entries: [Entry]) {
            self.entries = entries
            cells = entries.flatMap(\.layout.cells)
        }
    }

    private let state = LockedBox(Contents())

    /// The stored layout bytes for a descriptor's bytes; nil when they are not a current descriptor.
    static func layoutBytes(_ descriptor: Data) -> Data? {
        MatchDescriptor(data: descriptor).map { Data(CoverLayout(descriptor: $0).bytes) }
    }

    /// Loads the store's albums the first time it is asked (10,000 albums are under 1 MB).
    func loadIfNeeded(_ load: () throws -> [(mbid: String, layout: Data)]) rethrows {
        guard !state.value.loaded else { return }
        let stored = try load().compactMap { row in
            CoverLayout(bytes: [UInt8](row.layout)).map { Entry(mbid: row.mbid, layout: $0, addedBy: nil) }
        }
        state.mutate { current in
            guard !current.loaded else { return }
            current.loaded = true
            current.set(stored + current.entries)
        }
    }

    /// Adds (or refreshes) an album verified by the scan of `file` (nil: a stored album's descriptor made again).
    func add(mbid: String, descriptor: Data, file: String?) {
        guard let bytes = Self.layoutBytes(descriptor), let layout = CoverLayout(bytes: [UInt8](bytes)) else { return }
        state.mutate { current in
            current.set(current.entries.filter { $0.mbid != mbid } + [Entry(mbid: mbid, layout: layout, addedBy: file)])
        }
    }

    /// The `count` entries whose layouts are nearest the photo's (read at its placements), nearest first, within
    /// `limit`.
    func nearest(to placements: [CoverLayout], limit: Float, count: Int) -> [(entry: Entry, distance: Float)] {
        let contents = state.value
        let distances = CoverLayout.distances(photo: placements, library: contents.cells)
        let ranked = zip(contents.entries, distances).filter { $0.1 <= limit }.sorted { $0.1 < $1.1 }
        return ranked.prefix(count).map { (entry: $0.0, distance: $0.1) }
    }
}
