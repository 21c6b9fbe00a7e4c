/// Call 0's ranking: a long tf-idf shortlist re-ranked by the spatial check, so a cover whose shared words sit in
/// one placement beats generic covers that merely share many words, and the matcher needs to see only the first
/// few.
package enum SpatialRerank {
    /// Covers the tf-idf ranking hands to the spatial check: at 10,000 albums generic covers push a photographed
    /// cover well below tenth place, rarely below a few hundredth.
    package static let shortlist = 200

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
        settings: SpatialCheck.Settings = SpatialCheck.Settings()
    ) -> [Ranked] {
        let listed = index.ranked(photo.words, count: shortlist)
        guard !listed.isEmpty else { return [] }
        let check = SpatialCheck(photo: photo, vocabulary: VisualVocabulary.shipped.count, settings: settings)
        let checked = listed.map { entry in
            Ranked(slot: entry.slot, inliers: check.inliers(covers[entry.slot]), score: entry.score)
        }
        // A stable sort keeps tf-idf order among covers with as many agreeing correspondences.
        let order = checked.indices.sorted { checked[$0].inliers > checked[$1].inliers || (checked[$0].inliers == checked[$1].inliers && $0 < $1) }
        return order.prefix(count).map { checked[$0] }
    }
}
