import AlbumScanMatching
import Foundation

/// ID Call 0: identifies a photo with no model call when it matches the verified artwork of an album already in
/// the store, or of one identified earlier in this run (a batch duplicate, which it first waits for).
package struct LocalMatch {
    /// Layout distance within which a stored album is worth the matcher. Real light moves a photo's layout far
    /// from its cover's, so the limit is loose and the matcher, not the layout, decides.
    package static let layoutLimit: Float = 0.8
    /// Stored albums verified per scan at most, nearest layout first. The nearest gets the full comparison; the
    /// others are compared by local features alone (the photo's are computed once, so each costs a few
    /// milliseconds): a library of similar flat covers would otherwise make every scan pay the search four times.
    package static let candidates = 4
    /// Colour similarity at which a photo waits for an earlier photo of this run still in flight.
    static let waitFloor: Float = 0.6

    /// A confident local match.
    struct Found: Sendable {
        var record: LocalAlbumRecord
        var mbid: String
        var score: Double
        /// The file of this run the album was identified from, for a duplicate.
        var duplicateOf: String?
    }

    let environment: AppEnvironment
    let store: AlbumStore

    /// Waits for earlier photos of this run that look alike, then looks the photo up; nil falls through to Call 1.
    /// `token` is the photo's place in this run (`RunPhotos.finish` it when the scan ends).
    func find(photo: DecodedRGB, waitingFor earlier: [Task<Void, Never>]) async -> Found? {
        if !earlier.isEmpty {
            environment.log("local: waiting for \(earlier.count) earlier photo(s) of this run that look alike")
        }
        for leader in earlier { await leader.value }
        do {
            try await store.run { database in
                try environment.localIndex.loadIfNeeded {
                    try database.artworkLayouts().compactMap { row in row.mbid.map { ($0, row.layout) } }
                }
            }
        } catch {
            environment.log("local: cannot read the stored cover layouts: \(error)")
            return nil
        }
        let ranked = environment.localIndex.nearest(
            to: CoverLayout.placements(photo: photo), limit: Self.layoutLimit, count: Self.candidates)
        for (rank, (entry, distance)) in ranked.enumerated() {
            guard let record = try? await store.localAlbum(mbid: entry.mbid),
                let descriptor = record.descriptor,
                let score = await compare(photo, descriptor, mbid: entry.mbid, thorough: rank == 0)
            else { continue }
            let verdict =
                "\(score.status.rawValue) (score \(String(format: "%.2f", score.score)), layout distance \(String(format: "%.2f", distance)))"
            environment.log("local: \(record.album.title) by \(record.album.artist): \(verdict)")
            if score.status == .verified {
                return Found(record: record, mbid: entry.mbid, score: score.score, duplicateOf: entry.addedBy)
            }
        }
        return nil
    }

    /// The photo compared with an album's descriptor; one an older matcher made is made again from the stored front
    /// image first, and saved. Nil when there is nothing to compare with.
    private func compare(_ photo: DecodedRGB, _ descriptor: Data, mbid: String, thorough: Bool) async
        -> ArtworkMatcher.Score?
    {
        let matcher = environment.matcher
        let compare = thorough ? matcher.compare : matcher.compareByFeatures
        do {
            return try await environment.offload { try compare(photo, descriptor) }
        } catch is OutdatedDescriptor {
            do {
                guard let front = try await store.artwork(mbid: mbid)?.image else { return nil }
                let current = try await environment.offload { try matcher.describe(front) }
                try await store.replaceDescriptor(mbid: mbid, descriptor: current)
                environment.localIndex.add(mbid: mbid, descriptor: current, file: nil)
                environment.log("local: remade the descriptor of \(mbid) for this version of the matcher")
                return try await environment.offload { try compare(photo, current) }
            } catch {
                environment.log("local: cannot remake the descriptor of \(mbid): \(error)")
                return nil
            }
        } catch {
            return nil
        }
    }
}
