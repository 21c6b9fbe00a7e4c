import Foundation

/// Finds the album's release and front cover, from the local caches when known, else from the network.
struct ArtworkFetcher {
    let environment: ScanEnvironment
    let store: AlbumStore

    /// Artwork for an album; a known album makes no request at all.
    func artwork(for album: Album) async -> ArtworkOutcome {
        let key = ReviewCacheKey.make(artist: album.artist, title: album.title)
        do {
            let release = try await release(for: album, key: key)
            guard let mbid = release?.mbid else {
                return ArtworkOutcome(status: .unavailable, reason: "no matching MusicBrainz release")
            }
            if let stored = try store.artwork(mbid: mbid) {
                environment.log("artwork: cached for \(mbid)")
                return ArtworkOutcome(status: .cached, url: stored.url, releaseId: mbid)
            }
            let client = CoverArtClient(environment: environment)
            guard let cover = try await client.frontCover(release: mbid, releaseGroup: release?.releaseGroupId) else {
                return ArtworkOutcome(status: .unavailable, releaseId: mbid, reason: "the Cover Art Archive has no front cover")
            }
            let thumbnail = try ImagePrep.thumbnail(cover.jpeg, maxSide: 200, limits: environment.settings.imageLimits)
            try store.saveArtwork(StoredArtwork(url: cover.url, image: cover.jpeg, thumbnail: thumbnail), mbid: mbid)
            return ArtworkOutcome(status: .fetched, url: cover.url, releaseId: mbid)
        } catch let error as AlbumScanError {
            return ArtworkOutcome(status: .unavailable, reason: error.message)
        } catch let error as HTTPTransportError {
            return ArtworkOutcome(status: .unavailable, reason: error.summary)
        } catch let error as HTTPStatusError {
            return ArtworkOutcome(status: .unavailable, reason: error.summary)
        } catch {
            return ArtworkOutcome(status: .unavailable, reason: "\(error)")
        }
    }

    /// The release from the lookup cache, else from MusicBrainz (misses are cached too).
    func release(for album: Album, key: String) async throws -> CachedRelease? {
        if let cached = try store.cachedRelease(key: key) {
            environment.log("musicbrainz: cache hit for \(key)")
            return cached
        }
        let found = try await MusicBrainzClient(environment: environment).findRelease(artist: album.artist, title: album.title)
        let release = CachedRelease(
            mbid: found?.id, releaseGroupId: found?.releaseGroupId, title: found?.title ?? album.title,
            artist: found?.artist ?? album.artist, date: found?.date)
        try store.saveRelease(release, key: key, at: environment.now())
        return release
    }
}
