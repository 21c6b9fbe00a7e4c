extension MusicBrainzClient {
    /// The release whose listed barcode is `barcode` (one `barcode:` search for all its forms), or nil when
    /// MusicBrainz lists none. Hits are checked against the barcode, never taken unfiltered.
    func findRelease(barcode: RetailBarcode) async throws -> ReleaseCandidate? {
        guard let candidates = try await search(barcode.musicBrainzQuery) else { return nil }
        let matching = candidates.filter { barcode.matches($0.barcode ?? "") }
        environment.log("musicbrainz: \(matching.count) of \(candidates.count) results list barcode \(barcode.digits)")
        return matching.min { Self.barcodeRank($0) < Self.barcodeRank($1) }
    }

    /// Official releases first, then the earliest date (as the ranker compares dates), then the higher score.
    static func barcodeRank(_ candidate: ReleaseCandidate) -> (Int, ReleaseDate, Int) {
        (candidate.status?.lowercased() == "official" ? 0 : 1, ReleaseDate(candidate.date), -candidate.score)
    }
}
