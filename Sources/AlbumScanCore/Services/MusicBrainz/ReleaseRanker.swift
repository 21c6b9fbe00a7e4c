/// Picks the release the photo shows among search hits: the original official album unless the sleeve's catalogue
/// number, format or country say which edition it is; never an unfiltered first hit.
package enum ReleaseRanker {
    /// The best candidate that matches the wanted artist and title, or nil when none does.
    package static func best(
        _ candidates: [ReleaseCandidate], artist: String, title: String, edition: Edition = Edition(),
        barcode: RetailBarcode? = nil
    ) -> ReleaseCandidate? {
        ranked(candidates, artist: artist, title: title, edition: edition, barcode: barcode).first
    }

    /// Every candidate that matches, best first: the editions to try when the best one's cover is not the photo's.
    package static func ranked(
        _ candidates: [ReleaseCandidate], artist: String, title: String, edition: Edition = Edition(),
        barcode: RetailBarcode? = nil
    ) -> [ReleaseCandidate] {
        candidates.compactMap { candidate -> (ReleaseCandidate, Rank)? in
            let rank = Rank(candidate, artist: artist, title: title, edition: edition, barcode: barcode)
            return rank.matches ? (candidate, rank) : nil
        }
        .sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Ordering: closer match, then the sleeve's catalogue number, then fewer penalties, then format and country
    /// agreeing with the sleeve, then earliest date (`ReleaseDate`: precision counts), then higher search score.
    struct Rank: Comparable {
        var titleSimilarity: Int
        var artistSimilarity: Int
        var catalogNumber: Bool
        /// The sleeve's catalogue number or barcode is the release's, so a name credited in another script than the
        /// sleeve's reading (中島美嘉 for "Mika Nakashima") does not rule it out.
        var editionNamed: Bool
        var creditInAnotherScript: Bool
        var penalties: Int
        var formatAndCountry: Int
        var date: ReleaseDate
        var score: Int

        init(
            _ candidate: ReleaseCandidate, artist: String, title: String, edition: Edition = Edition(),
            barcode: RetailBarcode? = nil
        ) {
            let fit = EditionMatch.fit(edition, candidate)
            catalogNumber = fit.catalogNumber
            editionNamed = fit.catalogNumber || (barcode?.matches(candidate.barcode ?? "") ?? false)
            creditInAnotherScript = NameFolding.differentScripts(candidate.artist, artist)
            formatAndCountry = fit.formatAndCountry
            titleSimilarity = ReleaseRanker.similarity(
                NameFolding.stripEditionNoise(candidate.title), NameFolding.stripEditionNoise(title))
            artistSimilarity = ([candidate.artist] + candidate.otherArtistNames).map {
                ReleaseRanker.similarity($0, artist, dropThe: true)
            }.max() ?? 0
            var penalties = 0
            if candidate.status?.lowercased() != "official" { penalties += 2 }
            if candidate.primaryType?.lowercased() != "album" { penalties += 1 }
            let secondary = Set(candidate.secondaryTypes.map { $0.lowercased() })
            if !secondary.isDisjoint(with: ["live", "compilation"]) { penalties += 2 }
            if candidate.score < 50 { penalties += 1 }
            self.penalties = penalties
            date = ReleaseDate(candidate.date)
            score = candidate.score
        }

        /// Both title and artist must be at least similar; the artist may be credited in another script instead when
        /// the sleeve's catalogue number or barcode names the release.
        var matches: Bool {
            titleSimilarity >= 1 && (artistSimilarity >= 1 || (editionNamed && creditInAnotherScript))
        }
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
        var a = NameFolding.fold(found)
        var b = NameFolding.fold(wanted)
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
