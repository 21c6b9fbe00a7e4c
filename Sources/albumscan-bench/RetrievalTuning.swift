import AlbumScanMatching
import AlbumScanTestSupport
import Foundation

/// `albumscan-bench --tune-retrieval tuning|held-out [--distractors N]`: recall of Call 0's ranking on the real
/// photos, no matcher: tf-idf alone for several scorings, then the spatial re-ranking for several settings, in a
/// library of the 100 real covers and N generated filler covers (made as the `local` group makes its library's).
/// Tune on the odd (tuning) folders only.
struct RetrievalTuning {
    var part = "tuning"
    var distractors = 0
    static let depths = [1, 2, 3, 4, 6, 8, 12, 24]

    func run() throws {
        guard let set = RealPhotoSet.load() else { throw CocoaError(.fileNoSuchFile) }
        var covers = try set.cases.map { CoverWords(descriptor: try RealPhotoSet.descriptor($0.art)) }
        covers += fillers()
        var library = WordIndex(words: VisualVocabulary.shippedCount)
        for cover in covers { library.add(cover.words) }
        var queries: [(truth: Int, words: [PhotoWords])] = []
        for (index, item) in set.cases.enumerated() where RealPhotoSet.isHeldOut(item.number) == (part == "held-out") {
            for photo in item.photos {
                let decoded = try RealPhotoSet.decodePhoto(photo.url)
                queries.append((index, (1...3).map { CoverWords.photo(decoded, leaves: $0) }))
            }
        }
        print("library of \(covers.count) covers, \(queries.count) \(part) photos")
        for leaves in 1...3 {
            for lengthPower: Float in [0.5, 0.75, 1] {
                let scoring = WordIndex.Scoring(lengthPower: lengthPower)
                let hits = recall(
                    queries.map { query in
                        (query.truth, library.ranked(query.words[leaves - 1].words, count: 400, scoring: scoring).map(\.slot))
                    }, depths: Self.depths + [100, 200, 400])
                print("tf-idf leaves \(leaves) length^\(lengthPower): \(hits)")
            }
        }
        let base = SpatialCheck.Settings()
        var sweep: [(SpatialCheck.Settings, Int, Float)] = []
        for tolerance: Float in [0.015, 0.02, 0.03] {
            for burst in [4, 8] {
                sweep.append(
                    (
                        SpatialCheck.Settings(tolerance: tolerance, hypotheses: base.hypotheses, burst: burst),
                        SpatialRerank.shortlist, 0.5
                    ))
            }
        }
        for hypotheses in [100, 400] {
            sweep.append(
                (
                    SpatialCheck.Settings(tolerance: base.tolerance, hypotheses: hypotheses, burst: base.burst),
                    SpatialRerank.shortlist, 0.5
                ))
        }
        for shortlist in [100, 200, 400] {
            for lengthPower: Float in [0.5, 0.75] { sweep.append((base, shortlist, lengthPower)) }
        }
        for (settings, shortlist, lengthPower) in sweep {
            var (truthInliers, otherInliers, seconds) = ([Int](), [Int](), 0.0)
            let lists = queries.map { query in
                let start = DispatchTime.now().uptimeNanoseconds
                let ranked = SpatialRerank.ranked(
                    query.words[CoverWords.photoLeaves - 1], index: library, covers: covers, count: 24,
                    shortlist: shortlist, scoring: WordIndex.Scoring(lengthPower: lengthPower), settings: settings)
                seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                truthInliers.append(ranked.first { $0.slot == query.truth }?.inliers ?? 0)
                otherInliers.append(ranked.first { $0.slot != query.truth }?.inliers ?? 0)
                return (query.truth, ranked.map(\.slot))
            }
            print(
                "spatial tolerance \(settings.tolerance) hypotheses \(settings.hypotheses) burst \(settings.burst) "
                    + "shortlist \(shortlist) length^\(lengthPower): \(recall(lists, depths: Self.depths)); inliers of the cover p10/25/50 "
                    + "\(percentiles(truthInliers, [10, 25, 50])), of the best other p50/90/max "
                    + "\(percentiles(otherInliers, [50, 90, 100])); "
                    + String(format: "%.1f ms a photo (under load)", seconds * 1000 / Double(queries.count)))
        }
    }

    /// The `local` group's filler covers (its seed, its half of the pictures), the first `distractors` of them.
    private func fillers() -> [CoverWords] {
        guard distractors > 0 else { return [] }
        var imagery = MatchEvalSet.corpusImagery(folder: URL(fileURLWithPath: "../shared/corpora/photos"))
        if imagery.isEmpty { imagery = MatchEvalSet.syntheticImagery() }
        let groups = Array(Set(imagery.map(\.group))).sorted()
        let inside = imagery.filter { groups.firstIndex(of: $0.group)! % 2 == 0 }.map(\.image)
        var random = SeededRandom(seed: 5)
        return (0..<distractors).map { _ in
            CoverWords(descriptor: MatchDescriptor(image: LocalMatchBench.filler(&random, pictures: inside)))
        }
    }

    private func recall(_ lists: [(truth: Int, ranked: [Int])], depths: [Int]) -> String {
        depths.map { k in "@\(k) \(lists.filter { $0.ranked.prefix(k).contains($0.truth) }.count)" }
            .joined(separator: " ") + " of \(lists.count)"
    }

    private func percentiles(_ values: [Int], _ at: [Int]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "-" }
        return at.map { "\(sorted[min(sorted.count - 1, sorted.count * $0 / 100)])" }.joined(separator: "/")
    }
}
