/// Picks the release the photo shows among search hits: the original official album unless the sleeve's catalogue
/// number, format or country say which edition it is; never an unfiltered first hit.
package enum ReleaseRanker {
    /// The best candidate that matches the wanted artist and title, or nil when none does.
    package static func best(
        _ candidates: [ReleaseCandidate], artist: String, title: String, edition: Edition = Edition()
    ) -> ReleaseCandidate? {
        ranked(candidates, artist: artist, title: title, edition: edition).first
    }

    /// Every candidate that matches, best first: the editions to try when the best one's cover is not the photo's.
    package static func ranked(
        _ candidates: [ReleaseCandidate], artist: String, title: String, edition: Edition = Edition()
    ) -> [ReleaseCandidate] {
        candidates.compactMap { candidate -> (ReleaseCandidate, Rank)? in
            let rank = Rank(candidate, artist: artist, title: title, edition: edition)
            return rank.matches ? (candidate, rank) : nil
        }
        .sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Ordering: closer match, then the sleeve's catalogue number, then fewer penalties, then format and country
    /// agreeing with the sleeve, then earliest date, then higher search score.
    struct Rank: Comparable {
        var titleSimilarity: Int
        var artistSimilarity: Int
        var catalogNumber: Bool
        var penalties: Int
        var formatAndCountry: Int
        var date: String
        var score: Int

        init(_ candidate: ReleaseCandidate, artist: String, title: String, edition: Edition = Edition()) {
            let fit = EditionMatch.fit(edition, candidate)
            catalogNumber = fit.catalogNumber
            formatAndCountry = fit.formatAndCountry
            titleSimilarity = ReleaseRanker.similarity(
                ReviewCacheKey.stripEditionNoise(candidate.title), ReviewCacheKey.stripEditionNoise(title))
            artistSimilarity = ReleaseRanker.similarity(candidate.artist, artist, dropThe: true)
            var penalties = 0
            if candidate.status?.lowercased() != "official" { penalties += 2 }
            if candidate.primaryType?.lowercased() != "album" { penalties += 1 }
            let secondary = Set(candidate.secondaryTypes.map { $0.lowercased() })
            if !secondary.isDisjoint(with: ["live", "compilation"]) { penalties += 2 }
            if candidate.score < 50 { penalties += 1 }
            self.penalties = penalties
            date = candidate.date ?? "9999"
            score = candidate.score
        }

        /// Both title and artist must be at least similar.
        var matches: Bool { titleSimilarity >= 1 && artistSimilarity >= 1 }
        var similarity: Int { titleSimilarity + artistSimilarity }

        static func < (lhs: Rank, rhs: Rank) -> Bool {
            if lhs.similarity != rhs.similarity { return lhs.similarity > rhs.similarity }
            if lhs.catalogNumber != rhs.catalogNumber { return lhs.catalogNumber }
            if lhs.penalties != rhs.penalties { return lhs.penalties < rhs.penalties }
            if lhs.formatAndCountry != rhs.formatAndCountry { return lhs.formatAndCountry > rhs.formatAndCountry }
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            return lhs.score > rhs.score
        }
    }

    /// 2 for equal after folding, 1 for mostly the same words, 0 otherwise.
    static func similarity(_ found: String, _ wanted: String, dropThe: Bool = false) -> Int {
        var a = ReviewCacheKey.fold(found)
        var b = ReviewCacheKey.fold(wanted)
        if dropThe {
            if a.hasPrefix("the ") { a.removeFirst(4) }
            if b.hasPrefix("the ") { b.removeFirst(4) }
        }
        if a == b { return 2 }
        let wordsA = Set(a.split(separator: " ")), wordsB = Set(b.split(separator: " "))
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let overlap = Double(wordsA.intersection(wordsB).count) / Double(wordsA.union(wordsB).count)
        return overlap >= 0.6 ? 1 : 0
    }
}
