import AlbumScanMatching
import Foundation

/// Checks the artwork on file against the photo and, on a mismatch, looks for the edition whose cover it is.
struct ArtworkCheck {
    /// What the check settled on: the artwork to keep, its verification, and the descriptor to store with the album
    /// (only for verified artwork).
    struct Checked: Sendable {
        var artwork: ArtworkOutcome
        var verification: Verification
        var descriptor: Data?
    }

    /// Other editions tried after a mismatch.
    static let alternatesTried = 3

    let environment: AppEnvironment
    let store: AlbumStore

    /// The artwork to keep for this scan and its verification. A front image that cannot be read or compared leaves
    /// the verdict as it stands (`unchecked`, or the mismatch) and is reported; an alternate that cannot be had is
    /// skipped (reported when the archive or MusicBrainz failed, rather than had none).
    func verify(photo: DecodedRGB?, album: Album, artwork: ArtworkOutcome, tryingOtherEditions: Bool = true) async -> Checked {
        let unchecked = Checked(artwork: artwork, verification: .unchecked, descriptor: nil)
        guard let photo, artwork.status != .unavailable, let mbid = artwork.releaseId,
            let first = await compared(
                photo, releaseId: mbid, described: await storedDescriptor(mbid),
                front: { try await store.artwork(mbid: mbid)?.image })
        else { return unchecked }
        guard first.verification.status == .mismatch, tryingOtherEditions else { return with(artwork, first) }
        environment.log(
            "verify: the artwork of \(mbid) does not match the photo (score \(Self.format(first.verification.score)))")
        for candidate in await alternates(to: mbid, group: artwork.releaseGroupId, album: album) {
            guard let cover = await reportedCover(of: candidate),
                let check = await compared(photo, releaseId: candidate.release, described: nil, front: { cover.image })
            else { continue }
            guard check.verification.status == .verified else { continue }
            let images = candidate.group == nil ? cover.stored : await save(cover.image, url: cover.url, mbid: candidate.release)
            let what = candidate.group == nil ? "release \(candidate.release)" : "the release group's front image"
            environment.log("verify: \(what) matches the photo instead of the top-ranked \(mbid)")
            let outcome = ArtworkOutcome(
                status: cover.fetched ? .fetched : .cached, url: cover.url, releaseId: candidate.release,
                releaseGroupId: artwork.releaseGroupId, facts: candidate.group == nil ? candidate.facts : artwork.facts,
                images: images)
            return with(outcome, check)
        }
        return with(artwork, first)
    }

    private func with(_ artwork: ArtworkOutcome, _ check: (verification: Verification, descriptor: Data)) -> Checked {
        Checked(
            artwork: artwork, verification: check.verification,
            descriptor: check.verification.status == .verified ? check.descriptor : nil)
    }

    /// One edition to try: a release's front image, or the release group's. The group's image is kept under the
    /// top-ranked release id, since the archive does not say which release it belongs to.
    struct Alternate: Sendable, Equatable {
        var release: String
        /// Set when the group's front image is the one to try.
        var group: String? = nil
        /// The release's own facts, from the search that ranked it.
        var facts: ReleaseFacts? = nil
    }

    /// The next releases in the ranking (one MusicBrainz search, within the etiquette), then the group's front. A
    /// search that fails is reported and leaves the group's front alone: the mismatch may stand for want of the others.
    func alternates(to mbid: String, group: String?, album: Album) async -> [Alternate] {
        let client = MusicBrainzClient(environment: environment)
        let ranked: [ReleaseCandidate]
        do {
            ranked = try await client.rankedReleases(artist: album.artist, title: album.title, edition: album.edition)
        } catch {
            let why = DiscogsLookup.describe(error)
            ScanDiagnostics.report(
                .verify, .artworkNotCompared,
                "MusicBrainz could not be asked for other editions of \(album.title) (\(why)); "
                    + "their artwork was not compared with the photo")
            ranked = []
        }
        let facts = Dictionary(ranked.map { ($0.id, $0.facts) }, uniquingKeysWith: { first, _ in first })
        return Self.alternates(to: mbid, ranked: ranked.map(\.id), group: group).map { alternate in
            var alternate = alternate
            if alternate.group == nil { alternate.facts = facts[alternate.release] }
            return alternate
        }
    }

    /// The pure choice of alternates: at most `alternatesTried`, other releases first, the group's front last.
    static func alternates(to mbid: String, ranked: [String], group: String?) -> [Alternate] {
        let others = ranked.filter { $0 != mbid }.map { Alternate(release: $0) }
        guard let group else { return Array(others.prefix(alternatesTried)) }
        return Array(others.prefix(alternatesTried - 1)) + [Alternate(release: mbid, group: group)]
    }

    /// An edition's front image. `stored` is the image as the store holds it (with its thumbnail), once it is stored.
    typealias Cover = (image: Data, url: String, fetched: Bool, stored: StoredArtwork?)

    /// An edition's front image, from the store or the Cover Art Archive; nil when the archive has none. A release's
    /// is stored at once; the group's only once it matched (it then replaces the top-ranked release's artwork on
    /// file). Throws when the archive cannot be reached or is failing.
    func cover(of candidate: Alternate) async throws -> Cover? {
        let client = CoverArtClient(environment: environment)
        if let group = candidate.group {
            guard let cover = try await client.groupFrontCover(releaseGroup: group) else { return nil }
            return (cover.jpeg, cover.url, true, nil)
        }
        do {
            if let stored = try await store.artwork(mbid: candidate.release) {
                return (stored.image, stored.url, false, stored)
            }
        } catch {
            // The archive still has it: fetched again below, and stored over the copy that cannot be read.
            environment.log("verify: the stored artwork of \(candidate.release) cannot be read (\(error)); fetching it")
        }
        guard let cover = try await client.frontCover(release: candidate.release, releaseGroup: nil) else { return nil }
        let stored = await save(cover.jpeg, url: cover.url, mbid: candidate.release)
        return (cover.jpeg, cover.url, true, stored)
    }

    /// `cover(of:)`, with an archive that fails reported: that edition is skipped, so the mismatch may stand for want
    /// of it.
    private func reportedCover(of candidate: Alternate) async -> Cover? {
        do {
            return try await cover(of: candidate)
        } catch {
            let what = candidate.group.map { "release group \($0)" } ?? "release \(candidate.release)"
            ScanDiagnostics.report(
                .verify, .artworkNotCompared,
                "the front image of \(what) could not be fetched (\(DiscogsLookup.describe(error))); "
                    + "that edition was not compared with the photo")
            return nil
        }
    }

    /// Stores a front image with its thumbnail; nil, reported, when it could not be.
    @discardableResult
    func save(_ jpeg: Data, url: String, mbid: String) async -> StoredArtwork? {
        let limits = environment.settings.imageLimits
        do {
            return try await store.run { database in
                let thumbnail = try ImagePrep.thumbnail(jpeg, maxSide: 200, limits: limits)
                let stored = StoredArtwork(url: url, image: jpeg, thumbnail: thumbnail)
                try database.saveArtwork(stored, mbid: mbid)
                return stored
            }
        } catch {
            ScanDiagnostics.report(.verify, .cacheNotSaved, "the artwork of \(mbid) was not stored: \(error)")
            return nil
        }
    }

    /// The descriptor the store keeps with an album verified before: made from the front image on file for that
    /// release, so a scan of a known album need not describe it again. Nil when there is none or it cannot be read
    /// (logged; the front is then described as for a new album, and the verdict is the same).
    func storedDescriptor(_ mbid: String) async -> Data? {
        do {
            return try await store.localAlbum(mbid: mbid)?.descriptor
        } catch {
            environment.log("verify: the stored descriptor of \(mbid) cannot be read (\(error)); describing the front")
            return nil
        }
    }

    /// The photo against a front image of `releaseId` (`front`, nil when there is none on file) or its stored
    /// descriptor; nil, reported, when the image cannot be read or compared.
    private func compared(_ photo: DecodedRGB, releaseId: String, described: Data?, front: () async throws -> Data?) async
        -> (verification: Verification, descriptor: Data)?
    {
        do {
            guard let image = try await front() else { return nil }
            return try await compare(photo, image, releaseId: releaseId, described: described)
        } catch {
            ScanDiagnostics.report(
                .verify, .artworkNotCompared,
                "the artwork of \(releaseId) could not be compared with the photo (\(error)); it was not verified")
            return nil
        }
    }

    /// The photo against one front image: its verification and the front image's descriptor (`described`, when
    /// given and of this matcher's version, instead of describing `front`).
    private func compare(_ photo: DecodedRGB, _ front: Data, releaseId: String, described: Data?) async throws
        -> (verification: Verification, descriptor: Data)
    {
        let matcher = environment.matcher
        // On the compute pool, first come first served: on the shared pool eight checks at once shared the cores, so
        // each took eight times as long, and a batch's next model calls waited on all of them.
        let (score, descriptor) = try await environment.compute { () throws -> (ArtworkMatcher.Score, Data) in
            // try?: a descriptor another version of the matcher made throws, and the front is described again
            if let described, let score = try? matcher.compare(photo, described) { return (score, described) }
            // The photo's features first (usually made already, else waited for or made now): describing the
            // front beside them would hold both SIFT scale spaces (9-12 MB each) at once.
            matcher.prepare(photo)
            return try matcher.describeAndCompare(photo, front)
        }
        return (Verification(status: score.status, score: score.score, releaseId: releaseId), descriptor)
    }

    static func format(_ score: Double?) -> String { score.map { String(format: "%.2f", $0) } ?? "-" }
}
