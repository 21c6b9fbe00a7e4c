import AlbumScanMatching
import Foundation

/// ID Call 0: identifies a photo with no model call when it matches the verified artwork of an album already in
/// the store, or of one identified earlier in this run (a batch duplicate, which it first waits for).
package struct LocalMatch {
    /// Stored albums compared per scan, best retrieval score first, by local features alone (the photo's are
    /// computed once, so each costs a few milliseconds); `albumscan-bench --tune-retrieval` shows how often the
    /// cover is among the first few.
    package static let candidates = 4
    /// Stored albums compared besides, nearest colour layout first, when the words did not rank them: flat art with
    /// few features, which the layout finds. The nearest layout of all gets the full comparison, whose dense search
    /// verifies such art; a library of similar flat covers would otherwise make every scan pay that search often.
    package static let layoutCandidates = 2
    /// Layout distance within which an album is worth the matcher. Real light moves a photo's layout far from its
    /// cover's, so the limit is loose and the matcher, not the layout, decides.
    package static let layoutLimit: Float = 0.8
    /// How much nearer than the runner-up the nearest layout must be for its full comparison (a ratio test, as on
    /// SIFT matches). On the real tuning photos the true cover's layout was nearest of 100 only 3 times in 76, and
    /// features verified each of those; the nearest layout's distance was 0.65-1.0 of the runner-up's throughout,
    /// so the dense search pays off only for flat art in a library whose layouts it tells apart.
    package static let layoutRatio: Float = 0.8
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

    /// The nearest layout (`nearest` is sorted by `distances`), when it is within `ratio` of the runner-up's
    /// distance: the dense search is worth its tens of milliseconds only for a layout that stands out. In a large
    /// library some other album's layout is about as near as any photo's (real light moves a photo's layout far
    /// from its cover's), so a nearest layout without a margin says nothing about which album it is.
    package static func thoroughSlot(nearest: [Int], distances: [Float], ratio: Float) -> Int? {
        guard let first = nearest.first else { return nil }
        guard nearest.count > 1 else { return first }
        return distances[first] <= ratio * distances[nearest[1]] ? first : nil
    }

    /// Waits for earlier photos of this run that look alike, then looks the photo up; nil falls through to Call 1.
    /// `token` is the photo's place in this run (`RunPhotos.finish` it when the scan ends).
    func find(photo: DecodedRGB, waitingFor earlier: [Task<Void, Never>]) async -> Found? {
        if !earlier.isEmpty {
            environment.log("local: waiting for \(earlier.count) earlier photo(s) of this run that look alike")
        }
        for leader in earlier { await leader.value }
        let index = environment.localIndex
        let missing: [String]
        do {
            missing = try await store.run { database in try index.loadIfNeeded { try database.retrievalWords() } }
        } catch {
            environment.log("local: cannot read the stored visual words: \(error)")
            return nil
        }
        if !missing.isEmpty { await remakeWords(missing) }
        // Nothing to match: the photo's features wait for the artwork check, off the way to Call 1.
        guard !index.isEmpty else { return nil }
        let matcher = environment.matcher
        // The layouts are ranked on this thread while the photo's features are made (or finished) on the pool.
        async let photoWords = environment.offload { matcher.photoWords(photo) }
        let layouts = index.layoutRanking(
            placements: CoverLayout.placements(photo: photo), limit: Self.layoutLimit, ratio: Self.layoutRatio,
            keep: Self.candidates + Self.layoutCandidates)
        let words: PhotoWords
        do {
            words = try await photoWords
        } catch {
            environment.log("local: cannot compute the photo's visual words: \(error)")
            return nil
        }
        let ranked = index.candidates(
            photo: words, count: Self.candidates, layouts: layouts, layoutCount: Self.layoutCandidates)
        return await firstVerified(among: ranked, photo: photo)
    }

    /// The best-ranked candidate the photo verifies against. Two are compared at a time, one per core, and each
    /// core takes the next candidate as soon as its comparison ends (comparisons take 1 to 30 ms, so waiting for the
    /// slower of a pair left a core idle). Once one verifies, no candidate ranked after it is started, and those
    /// ranked before it are waited for: the best-ranked verified candidate wins, as in a one-by-one search.
    private func firstVerified(among ranked: [LocalIndex.Candidate], photo: DecodedRGB) async -> Found? {
        await withTaskGroup(of: (Int, Compared?).self) { group in
            var next = 0
            func startNext() {
                guard next < ranked.count else { return }
                let (rank, candidate) = (next, ranked[next])
                group.addTask { (rank, await self.compared(photo, candidate)) }
                next += 1
            }
            for _ in 0..<Self.comparedAtOnce { startNext() }
            var outcomes = [Compared??](repeating: nil, count: ranked.count)
            var verified: Int?
            while let (rank, outcome) = await group.next() {
                outcomes[rank] = .some(outcome)
                if let outcome {
                    let score = outcome.score
                    let verdict =
                        "\(score.status.rawValue) (score \(String(format: "%.2f", score.score)), \(ranked[rank].reason))"
                    environment.log("local: \(outcome.record.album.title) by \(outcome.record.album.artist): \(verdict)")
                    if score.status == .verified { verified = min(verified ?? rank, rank) }
                }
                if let best = verified {
                    // Settled once every better-ranked candidate has its outcome.
                    if outcomes[..<best].allSatisfy({ $0 != nil }) {
                        group.cancelAll()
                        let (entry, outcome) = (ranked[best].entry, outcomes[best]!!)
                        return Found(
                            record: outcome.record, mbid: entry.mbid, score: outcome.score.score,
                            duplicateOf: entry.addedBy)
                    }
                } else {
                    startNext()
                }
            }
            return nil
        }
    }

    /// Candidates compared at once: the comparisons of a photo with different covers are independent.
    static let comparedAtOnce = 2

    /// A stored album and the photo's comparison with it.
    private struct Compared: Sendable {
        var record: LocalAlbumRecord
        var score: ArtworkMatcher.Score
    }

    /// The photo compared with a candidate's stored descriptor; nil when the album or its descriptor is gone, or
    /// cannot be read (reported: a cover of the library may then go to the model).
    private func compared(_ photo: DecodedRGB, _ candidate: LocalIndex.Candidate) async -> Compared? {
        let mbid = candidate.entry.mbid
        let stored: LocalAlbumRecord?
        do {
            stored = try await store.localAlbum(mbid: mbid)
        } catch {
            ScanDiagnostics.report(
                .local, .cacheNotRead, "the library's album \(mbid) cannot be read (\(error)); it was not compared")
            return nil
        }
        guard let record = stored, let descriptor = record.descriptor,
            let score = await compare(photo, descriptor, mbid: mbid, thorough: candidate.thorough)
        else { return nil }
        return Compared(record: record, score: score)
    }

    /// Makes the visual words of stored albums that have none of this vocabulary (stored before it, or by another
    /// version), from the stored descriptor, or when that is outdated too from the stored front image; saves them
    /// and adds the albums to the index. Once per library after an upgrade: about 3 ms an album from a descriptor.
    private func remakeWords(_ mbids: [String]) async {
        environment.log("local: making the visual words of \(mbids.count) stored album(s) for this version")
        let (matcher, index) = (environment.matcher, environment.localIndex)
        for mbid in mbids {
            do {
                guard let stored = try await store.localAlbum(mbid: mbid)?.descriptor else { continue }
                if let words = LocalIndex.wordBytes(stored) {
                    try await store.run { try $0.saveRetrievalWords(mbid: mbid, words: words) }
                    index.add(mbid: mbid, descriptor: stored, file: nil)
                    continue
                }
                guard let front = try await store.artwork(mbid: mbid)?.image else { continue }
                let current = try await environment.offload { try matcher.describe(front) }
                try await store.replaceDescriptor(mbid: mbid, descriptor: current)
                index.add(mbid: mbid, descriptor: current, file: nil)
            } catch {
                environment.log("local: cannot make the visual words of \(mbid): \(error)")
            }
        }
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
