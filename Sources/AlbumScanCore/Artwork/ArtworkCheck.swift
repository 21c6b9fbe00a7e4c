import Foundation

/// Checks the artwork on file against the photo and, on a mismatch, looks for the edition whose cover it is.
struct ArtworkCheck {
    /// Other editions tried after a mismatch.
    static let alternatesTried = 3

    let environment: AppEnvironment
    let store: AlbumStore

    /// The artwork to keep for this scan and its verification.
    func verify(photo: Data, album: Album, artwork: ArtworkOutcome) async -> (ArtworkOutcome, Verification) {
        guard artwork.status != .unavailable, let mbid = artwork.releaseId,
            let front = try? await environment.offload({ try store.artwork(mbid: mbid) })?.image,
            let first = await compare(photo, front, releaseId: mbid)
        else { return (artwork, .unchecked) }
        guard first.status == .mismatch else { return (artwork, first) }
        environment.log("verify: the artwork of \(mbid) does not match the photo (score \(Self.format(first.score)))")
        for candidate in await alternates(to: mbid, album: album) {
            guard let cover = await cover(of: candidate.id), let check = await compare(photo, cover.image, releaseId: candidate.id)
            else { continue }
            guard check.status == .verified else { continue }
            environment.log("verify: release \(candidate.id) matches the photo instead of the top-ranked \(mbid)")
            let outcome = ArtworkOutcome(status: cover.fetched ? .fetched : .cached, url: cover.url, releaseId: candidate.id)
            return (outcome, check)
        }
        return (artwork, first)
    }

    /// The next releases in the ranking, from one MusicBrainz search (within the etiquette).
    func alternates(to mbid: String, album: Album) async -> [ReleaseCandidate] {
        let client = MusicBrainzClient(environment: environment)
        guard let ranked = try? await client.rankedReleases(artist: album.artist, title: album.title) else { return [] }
        return Array(ranked.filter { $0.id != mbid }.prefix(Self.alternatesTried))
    }

    /// A release's front image, from the store or the Cover Art Archive (then stored).
    func cover(of mbid: String) async -> (image: Data, url: String, fetched: Bool)? {
        if let stored = try? await environment.offload({ try store.artwork(mbid: mbid) }) {
            return (stored.image, stored.url, false)
        }
        guard let cover = try? await CoverArtClient(environment: environment).frontCover(release: mbid, releaseGroup: nil)
        else { return nil }
        let limits = environment.settings.imageLimits
        try? await environment.offload {
            let thumbnail = try ImagePrep.thumbnail(cover.jpeg, maxSide: 200, limits: limits)
            try store.saveArtwork(StoredArtwork(url: cover.url, image: cover.jpeg, thumbnail: thumbnail), mbid: mbid)
        }
        return (cover.jpeg, cover.url, true)
    }

    func compare(_ photo: Data, _ front: Data, releaseId: String) async -> Verification? {
        let matcher = environment.matcher
        guard let result = try? await environment.offload({ try matcher.compare(photo, front) }) else { return nil }
        return Verification(status: result.status, score: result.score, releaseId: releaseId)
    }

    static func format(_ score: Double?) -> String { score.map { String(format: "%.2f", $0) } ?? "-" }
}
