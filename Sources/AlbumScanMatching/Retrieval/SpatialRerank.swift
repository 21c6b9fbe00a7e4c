/// Call 0's ranking: a long tf-idf shortlist re-ranked by the spatial check, so a cover whose shared words sit in
/// one placement beats generic covers that merely share many words, and the matcher needs to see only the first
/// few.
package enum SpatialRerank {
    /// Covers the tf-idf ranking hands to the spatial check: at 10,000 albums generic covers push a photographed
    /// cover well below tenth place, rarely below a few hundredth.
    package static let shortlist = 200
    /// The shortlist's tf-idf: divided by the cover's word count to the power 0.5 rather than the ranking's 0.75,
    /// because a library of thousands holds many small covers whose few words would otherwise crowd a photographed
    /// cover out of the shortlist (with 10,000 filler covers, every real tuning photo's cover is among the first 100
    /// at 0.5, 74 of 76 among the first 200 at 0.75); the spatial check, not tf-idf, orders the shortlist.
    package static let shortlistScoring = WordIndex.Scoring(lengthPower: 0.5)

    /// A ranked cover: its slot, its agreeing correspondences and its tf-idf score.
    package struct Ranked: Sendable, Equatable {
        package var slot: Int
        package var inliers: Int
        package var score: Float
    }

    /// The `shortlist` best slots by tf-idf, ordered by the spatial check (most agreeing correspondences first, then
    /// by tf-idf), the first `count` of them.
    package static func ranked(
        _ photo: PhotoWords, index: WordIndex, covers: [CoverWords], count: Int, shortlist: Int = shortlist,
        scoring: WordIndex.Scoring = shortlistScoring, settings: SpatialCheck.Settings = SpatialCheck.Settings()
    ) -> [Ranked] {
        let listed = index.ranked(photo.words, count: shortlist, scoring: scoring)
        guard !listed.isEmpty else { return [] }
        let check = SpatialCheck(photo: photo, vocabulary: VisualVocabulary.shippedCount, settings: settings)
        // Each cover's check is independent of the others' (and deterministic), so they run on two threads.
        let checked = TwoThreads.map(listed) { entry in
            Ranked(slot: entry.slot, inliers: check.inliers(covers[entry.slot]), score: entry.score)
        }
        // A stable sort keeps tf-idf order among covers with as many agreeing correspondences.
        let order = checked.indices.sorted { a, b in
            checked[a].inliers > checked[b].inliers || (checked[a].inliers == checked[b].inliers && a < b)
        }
        return order.prefix(count).map { checked[$0] }
    }
}
