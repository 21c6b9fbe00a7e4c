import Foundation

/// Finds the album's release and front cover, from the local caches when known, else from the network.
struct ArtworkFetcher {
    let environment: AppEnvironment
    let store: AlbumStore
    /// Called with the release (and its facts) once MusicBrainz names it, before the archive is asked, so work that
    /// needs only the release can start beside the archive's requests (a follower of a shared lookup is not called).
    var releaseFound: (@Sendable (_ mbid: String, _ facts: ReleaseFacts?) -> Void)? = nil

    /// Artwork for an album; a known album makes no request at all, and concurrent scans of one album
    /// in this process share a single lookup (the followers report it as cached).
    func artwork(for album: Album) async -> ArtworkOutcome {
        let key = AlbumKey(album)
        let (outcome, shared) = await environment.flights.artwork.run(key.description) { await fetch(album, key: key) }
        guard shared, outcome.status == .fetched else { return outcome }
        var followed = outcome
        followed.status = .cached
        return followed
    }

    func fetch(_ album: Album, key: AlbumKey) async -> ArtworkOutcome {
        do {
            let release = try await release(for: album, key: key)
            guard let mbid = release?.mbid else {
                return ArtworkOutcome(
                    status: .unavailable, reason: .init(code: "no-release", message: "no matching MusicBrainz release"))
            }
            let facts = release?.facts
            releaseFound?(mbid, facts)
            if let stored = try await store.artwork(mbid: mbid) {
                environment.log("artwork: cached for \(mbid)")
                return ArtworkOutcome(
                    status: .cached, url: stored.url, releaseId: mbid, releaseGroupId: release?.releaseGroupId,
                    facts: facts, images: stored)
            }
            let client = CoverArtClient(environment: environment)
            guard let cover = try await client.frontCover(release: mbid, releaseGroup: release?.releaseGroupId) else {
                return ArtworkOutcome(
                    status: .unavailable, releaseId: mbid, releaseGroupId: release?.releaseGroupId, facts: facts,
                    reason: .init(code: "no-front-cover", message: "the Cover Art Archive has no front cover"))
            }
            let limits = environment.settings.imageLimits
            let stored = try await store.run { database in
                let thumbnail = try ImagePrep.thumbnail(cover.jpeg, maxSide: 200, limits: limits)
                let stored = StoredArtwork(url: cover.url, image: cover.jpeg, thumbnail: thumbnail)
                try database.saveArtwork(stored, mbid: mbid)
                return stored
            }
            return ArtworkOutcome(
                status: .fetched, url: cover.url, releaseId: mbid, releaseGroupId: release?.releaseGroupId, facts: facts,
                images: stored)
        } catch let error as AlbumScanError {
            return ArtworkOutcome(status: .unavailable, reason: .init(code: error.code, message: error.message))
        } catch let error as HTTPTransportError {
            return ArtworkOutcome(status: .unavailable, reason: .init(code: "service-failed", message: error.summary))
        } catch let error as HTTPStatusError {
            return ArtworkOutcome(status: .unavailable, reason: .init(code: "service-failed", message: error.summary))
        } catch {
            return ArtworkOutcome(status: .unavailable, reason: .init(code: "failed", message: "\(error)"))
        }
    }

    /// The release from the lookup cache, else from MusicBrainz (misses are cached too). The cache is
    /// read again once the MusicBrainz slot comes, so a process that waited benefits from another's lookup.
    func release(for album: Album, key: AlbumKey) async throws -> CachedRelease? {
        let cached: @Sendable () async throws -> CachedRelease? = { [store] in try await store.cachedRelease(key: key) }
        if let hit = try await cached() {
            environment.log("musicbrainz: cache hit for \(key)")
            return hit
        }
        let meanwhile = LockedBox<CachedRelease?>(nil)
        var client = MusicBrainzClient(environment: environment)
        client.answeredMeanwhile = {
            guard let hit = try await cached() else { return false }
            meanwhile.value = hit
            return true
        }
        let found = try await client.findRelease(
            artist: album.artist, title: album.title, edition: album.edition, barcode: album.barcode.flatMap(RetailBarcode.init))
        if let hit = meanwhile.value {
            environment.log("musicbrainz: another scan looked \(key) up meanwhile")
            return hit
        }
        var release = CachedRelease(
            mbid: found?.id, releaseGroupId: found?.releaseGroupId, title: found?.title ?? album.title,
            artist: found?.artist ?? album.artist, date: found?.date)
        release.facts = found?.facts
        let now = environment.now()
        try await store.saveRelease(release, key: key, at: now)
        return release
    }
}
