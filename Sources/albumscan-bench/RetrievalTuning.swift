import AlbumScanMatching
import Foundation

/// `albumscan-bench --tune-retrieval tuning|held-out`: recall of Call 0's ranking on the real photos, no matcher:
/// tf-idf alone for several scorings, then the spatial re-ranking for several settings. Tune on the odd (tuning)
/// folders only.
struct RetrievalTuning {
    var part = "tuning"
    static let depths = [1, 2, 3, 4, 6, 8, 12, 24]

    func run() throws {
        guard let set = RealPhotoSet.load() else { throw CocoaError(.fileNoSuchFile) }
        let descriptors = try set.cases.map { try RealPhotoSet.descriptor($0.art) }
        let covers = descriptors.map(CoverWords.init(descriptor:))
        var library = WordIndex(words: VisualVocabulary.shipped.count)
        for cover in covers { library.add(cover.words) }
        var queries: [(truth: Int, words: [PhotoWords])] = []
        for (index, item) in set.cases.enumerated() where RealPhotoSet.isHeldOut(item.number) == (part == "held-out") {
            for photo in item.photos {
                let decoded = try RealPhotoSet.decodePhoto(photo.url)
                queries.append((index, (1...3).map { CoverWords.photo(decoded, leaves: $0) }))
            }
        }
        for leaves in 1...3 {
            for lengthPower: Float in [0.5, 0.75, 1] {
                let scoring = WordIndex.Scoring(lengthPower: lengthPower)
                let hits = recall(queries.map { query in
                    (query.truth, library.ranked(query.words[leaves - 1].words, count: 24, scoring: scoring).map(\.slot))
                })
                print("tf-idf leaves \(leaves) length^\(lengthPower): \(hits) of \(queries.count)")
            }
        }
        for tolerance: Float in [0.015, 0.02, 0.03] {
            for hypotheses in [100, 200, 400] {
                for burst in [2, 4, 8] {
                    let settings = SpatialCheck.Settings(tolerance: tolerance, hypotheses: hypotheses, burst: burst)
                    var (truthInliers, otherInliers, seconds) = ([Int](), [Int](), 0.0)
                    let lists = queries.map { query in
                        let start = DispatchTime.now().uptimeNanoseconds
                        let ranked = SpatialRerank.ranked(
                            query.words[CoverWords.photoLeaves - 1], index: library, covers: covers, count: 24,
                            settings: settings)
                        seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                        truthInliers.append(ranked.first { $0.slot == query.truth }?.inliers ?? 0)
                        otherInliers.append(ranked.first { $0.slot != query.truth }?.inliers ?? 0)
                        return (query.truth, ranked.map(\.slot))
                    }
                    print("spatial tolerance \(tolerance) hypotheses \(hypotheses) burst \(burst): \(recall(lists)) "
                        + "of \(queries.count); inliers of the cover p10/50 \(percentiles(truthInliers)), of the best "
                        + "other p50/90/max \(percentiles(otherInliers, high: true)); "
                        + String(format: "%.1f ms a photo (100 covers, under load)", seconds * 1000 / Double(queries.count)))
                }
            }
        }
    }

    private func recall(_ lists: [(truth: Int, ranked: [Int])]) -> String {
        Self.depths.map { k in "@\(k) \(lists.filter { $0.ranked.prefix(k).contains($0.truth) }.count)" }
            .joined(separator: " ")
    }

    private func percentiles(_ values: [Int], high: Bool = false) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "-" }
        let at = { (p: Int) in sorted[min(sorted.count - 1, sorted.count * p / 100)] }
        return high ? "\(at(50))/\(at(90))/\(sorted.last!)" : "\(at(10))/\(at(50))"
    }
}
