/// Counts how many of the visual words a photo shares with a cover sit where one placement of the cover would put
/// them: the fast spatial check of Philbin et al. (CVPR 2007), with correspondences taken from shared words alone
/// (no descriptor distances), so a shortlist of hundreds of covers is checked in milliseconds.
///
/// The stored features keep no scale or orientation, so a hypothesis needs two correspondences: a similarity
/// (scale, turn, shift) from a pair, scored on the distinctive correspondences, the best one counted on all of them
/// and refined to an affine map, which absorbs most of a photo's perspective over a cover that fills a fifth of it.
package struct SpatialCheck {
    /// How the check is tuned.
    package struct Settings: Sendable {
        /// Distance, in photo heights, within which a mapped cover feature agrees with the photo's. About 6 px of
        /// the 300 px high working photo: a similarity misplaces the far corners of an oblique cover by more.
        package var tolerance: Float = 0.02
        /// Pairs tried as hypotheses per cover.
        package var hypotheses = 200
        /// A word held more often than this (photo occurrences × cover occurrences) is a texture, not a landmark,
        /// and its correspondences are left out. With a photo's two leaves per feature, a word held twice by the
        /// cover and four times by the photo is still often a landmark.
        package var burst = 8

        package init(tolerance: Float = 0.02, hypotheses: Int = 200, burst: Int = 8) {
            self.tolerance = tolerance
            self.hypotheses = hypotheses
            self.burst = burst
        }
    }

    /// Photo feature positions in photo heights (x scaled by the aspect, so turns keep distances).
    private let points: [SIMD2<Float>]
    /// Per word, where its photo features start in `features` (one past the last word: the end).
    private let starts: [Int32]
    private let features: [Int32]
    private let settings: Settings

    /// Prepares the photo once for checking many covers.
    package init(photo: PhotoWords, vocabulary: Int, settings: Settings = Settings()) {
        self.settings = settings
        points = photo.points.map { SIMD2($0.x * photo.aspect, $0.y) }
        var counts = [Int32](repeating: 0, count: vocabulary + 1)
        for word in photo.words where Int(word) < vocabulary { counts[Int(word) + 1] += 1 }
        for word in 0..<vocabulary { counts[word + 1] += counts[word] }
        var next = counts
        var features = [Int32](repeating: 0, count: Int(counts[vocabulary]))
        let leaves = max(photo.leaves, 1)
        for (index, word) in photo.words.enumerated() where Int(word) < vocabulary {
            features[Int(next[Int(word)])] = Int32(index / leaves)
            next[Int(word)] += 1
        }
        starts = counts
        self.features = features
    }

    /// Correspondences of the cover's features with the photo's that agree on one placement.
    package func inliers(_ cover: CoverWords) -> Int {
        let pairs = correspondences(cover)
        guard pairs.all.count >= 3 else { return 0 }
        let pool = pairs.distinct.count >= 8 ? pairs.distinct : pairs.all
        guard let similarity = bestSimilarity(pool) else { return 0 }
        var best = agreeing(pairs.all, similarity)
        // Refitting on the agreeing pairs: an affine map follows the perspective a similarity cannot.
        for _ in 0..<2 {
            guard best.count >= 4, let refined = AffineMap.fit(best), case let found = agreeing(pairs.all, refined),
                found.count > best.count
            else { break }
            best = found
        }
        return best.count
    }

    /// One photo feature and one cover feature holding the same word, positions in photo and cover heights.
    struct Pair {
        var photo: SIMD2<Float>
        var cover: SIMD2<Float>
        var photoIndex: Int32
        var coverIndex: Int32
    }

    /// Every correspondence except those of bursty words, and the distinctive ones among them: words held once on
    /// each side, whose correspondences are most often right.
    func correspondences(_ cover: CoverWords) -> (all: [Pair], distinct: [Pair]) {
        let vocabulary = starts.count - 1
        // A table rather than a dictionary: zeroing 8 KB costs less than hashing 600 words.
        var coverCounts = [UInt16](repeating: 0, count: vocabulary)
        for word in cover.words where Int(word) < vocabulary { coverCounts[Int(word)] &+= 1 }
        var all: [Pair] = []
        var distinct: [Pair] = []
        for (index, word) in cover.words.enumerated() where Int(word) < vocabulary {
            let (from, to) = (Int(starts[Int(word)]), Int(starts[Int(word) + 1]))
            let held = Int(coverCounts[Int(word)])
            guard to > from, (to - from) * held <= settings.burst else { continue }
            let unit = CoverWords.unit(cover.points[index])
            let position = SIMD2(unit.x * cover.aspect, unit.y)
            for slot in from..<to {
                let feature = features[slot]
                let pair = Pair(
                    photo: points[Int(feature)], cover: position, photoIndex: feature, coverIndex: Int32(index))
                all.append(pair)
                if to - from == 1 && held == 1 { distinct.append(pair) }
            }
        }
        return (all, distinct)
    }

    /// The similarity from pairs of `pool` that most of `pool` agrees with; nil when no pair makes a plausible one.
    private func bestSimilarity(_ pool: [Pair]) -> AffineMap? {
        var best: (map: AffineMap, count: Int)?
        // Seeded by the pool, so a photo's ranking is the same every run.
        var random = SplitMix(seed: UInt64(pool.count))
        let exhaustive = pool.count * (pool.count - 1) / 2 <= settings.hypotheses
        var tried = 0
        var (a, b) = (0, 0)
        while tried < settings.hypotheses {
            if exhaustive {
                b += 1
                if b >= pool.count { a += 1; b = a + 1 }
                guard b < pool.count else { break }
            } else {
                a = Int(random.next() % UInt64(pool.count))
                b = Int(random.next() % UInt64(pool.count))
                guard a != b else { continue }
            }
            tried += 1
            guard let map = AffineMap.similarity(pool[a], pool[b]) else { continue }
            let count = count(pool, map)
            if count > best?.count ?? 2 { best = (map, count) }
        }
        return best?.map
    }

    private func count(_ pairs: [Pair], _ map: AffineMap) -> Int {
        let limit = settings.tolerance * settings.tolerance
        var count = 0
        for pair in pairs {
            let d = map.apply(pair.cover) - pair.photo
            if (d * d).sum() <= limit { count += 1 }
        }
        return count
    }

    /// The pairs `map` agrees with, each photo and cover feature counted once (a word's two leaves, or a repeated
    /// word, must not vote twice for one spot).
    private func agreeing(_ pairs: [Pair], _ map: AffineMap) -> [Pair] {
        let limit = settings.tolerance * settings.tolerance
        var usedPhoto = Set<Int32>()
        var usedCover = Set<Int32>()
        var result: [Pair] = []
        for pair in pairs {
            let d = map.apply(pair.cover) - pair.photo
            guard (d * d).sum() <= limit, !usedPhoto.contains(pair.photoIndex), !usedCover.contains(pair.coverIndex)
            else { continue }
            usedPhoto.insert(pair.photoIndex)
            usedCover.insert(pair.coverIndex)
            result.append(pair)
        }
        return result
    }
}
