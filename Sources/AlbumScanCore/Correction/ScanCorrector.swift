import AlbumScanMatching
import Foundation

/// Corrects saved scans: the album of a MusicBrainz release named by hand, or of names looked up again, with that
/// release's facts, artwork (checked against the photo when the file is still there), Discogs links and review;
/// or a Discogs release set by hand. Every request goes through the same limiter and caches as a scan. Nothing is
/// written until every scan's new state is known, and then all in one transaction.
package struct ScanCorrector {
    let environment: AppEnvironment
    let store: AlbumStore

    package init(environment: AppEnvironment, store: AlbumStore) {
        self.environment = environment
        self.store = store
    }

    /// The corrected scans, read back as `show` reads them, each with what went wrong without stopping it.
    /// `ifVersion` (one scan) is the version the caller saw: a scan that moved on throws `StaleVersion`, writing
    /// nothing (checked before anything is asked, and again when written).
    package func correct(_ scans: [StoredScan], with correction: ScanCorrection, ifVersion: Int? = nil) async throws
        -> [ScanResult]
    {
        var expecting: [Int64: Int] = [:]
        if let ifVersion, let scan = scans.first {
            guard scans.count == 1 else { throw AlbumScanError.usage("a version names one scan; name one id") }
            if scan.version != ifVersion { throw StaleVersion(scanId: scan.id, seen: ifVersion, current: scan.version) }
            expecting[scan.id] = ifVersion
        }
        var fixed: [CorrectedScan] = []
        var diagnostics: [Int64: [ScanDiagnostic]] = [:]
        var releases: [String: LookedUpRelease] = [:]
        for scan in scans {
            let reported = ScanDiagnostics()
            let corrected = try await ScanDiagnostics.$current.withValue(reported) {
                try await correct(scan, with: correction, releases: &releases)
            }
            fixed.append(corrected)
            diagnostics[scan.id] = reported.all
        }
        let (corrections, stamp, versions) = (fixed, environment.changeStamp, expecting)
        try await store.run { database in try database.saveCorrections(corrections, stamp: stamp, expecting: versions) }
        let ids = scans.map(\.id)
        return try await store.run { database in try ids.compactMap { try database.scan(id: $0) } }.map { stored in
            var result = ScanResult(stored: stored)
            result.diagnostics = diagnostics[stored.id] ?? []
            return result
        }
    }

    private func correct(
        _ scan: StoredScan, with correction: ScanCorrection, releases: inout [String: LookedUpRelease]
    ) async throws -> CorrectedScan {
        var corrected = CorrectedScan(scan)
        guard let mbid = try await releaseId(for: scan, correction) else {
            // Names MusicBrainz does not know: the album takes them and keeps only what was read off the photo or
            // typed, with no release, no artwork and no review (no model call is made for an album nobody lists).
            if correction.artist != nil || correction.title != nil {
                corrected.album = renamed(scan.album.ownReadings, correction)
                corrected.artwork = ArtworkOutcome(status: .unavailable)
                corrected.verification = .unchecked
                let missing = "MusicBrainz has no release of \(corrected.album.title) by \(corrected.album.artist)"
                ScanDiagnostics.report(.artwork, .artworkUnavailable, missing)
                corrected.review = ReviewOutcome(
                    status: .unavailable, key: AlbumKey(corrected.album).work,
                    reason: .init(code: "no-release", message: "\(missing), so no review was written"))
            }
            if let discogs = correction.discogsReleaseId {
                corrected.album.discogs = DiscogsLink(releaseIds: [discogs], source: .manual)
            }
            return corrected
        }
        let looked: LookedUpRelease
        if let known = releases[mbid] {
            looked = known
        } else {
            guard let fetched = try await lookUp(mbid) else {
                throw AlbumScanError.serviceFailed("the MusicBrainz lookup of \(mbid) stopped")
            }
            looked = fetched
            releases[mbid] = fetched
        }
        corrected.album = Self.album(
            of: looked, from: renamed(scan.album, correction), names: correction.musicbrainzReleaseId != nil,
            backBarcode: correction.backBarcode)
        if let discogs = correction.discogsReleaseId {
            corrected.album.discogs = DiscogsLink(releaseIds: [discogs], source: .manual)
        }
        corrected.artwork = await artwork(of: looked.release)
        corrected.verification = await verification(of: scan, against: corrected.artwork, album: corrected.album)
        corrected.review = await review(of: corrected.album)
        return corrected
    }

    /// The release to correct to: the one named, the one the new names find, or the scan's own when only the Discogs
    /// release changes and names are kept (nil then: nothing to look up).
    private func releaseId(for scan: StoredScan, _ correction: ScanCorrection) async throws -> String? {
        if let mbid = correction.musicbrainzReleaseId { return mbid }
        guard correction.artist != nil || correction.title != nil else { return nil }
        let album = renamed(scan.album, correction)
        let found = try await MusicBrainzClient(environment: environment)
            .findRelease(artist: album.artist, title: album.title, edition: album.edition)
        return found?.id
    }

    private func renamed(_ album: Album, _ correction: ScanCorrection) -> Album {
        var album = album
        album.artist = correction.artist ?? album.artist
        album.title = correction.title ?? album.title
        return album
    }

    private func lookUp(_ mbid: String) async throws -> LookedUpRelease? {
        do {
            return try await MusicBrainzClient(environment: environment).release(mbid: mbid)
        } catch let status as HTTPStatusError where status.status == 404 || status.status == 400 {
            throw AlbumScanError.usage("MusicBrainz has no release \(mbid); check the id with a browser")
        } catch let error as HTTPStatusError {
            throw AlbumScanError.serviceFailed(error.summary)
        } catch let error as HTTPTransportError {
            throw AlbumScanError.serviceFailed(error.summary)
        }
    }

    /// The album of a release, replacing the scan's answer (DESIGN wave 5): what was read off the photo or typed
    /// stays, every other fact is the release's or cleared. Named by hand, the release's names are the album's;
    /// found under (corrected) names, the album keeps those names. Genres are cleared: the release lookup does not
    /// carry MusicBrainz's genres, and the old ones were the wrong album's. It takes the release's Discogs links.
    /// A back's barcode (`backBarcode`) named this very release: the barcode is the one read there (source `back`), and
    /// the release's catalogue number, format and country stand over what the front showed.
    static func album(of looked: LookedUpRelease, from album: Album, names fromRelease: Bool, backBarcode: String? = nil)
        -> Album
    {
        let release = looked.release
        var base = album.ownReadings
        if let backBarcode {
            (base.barcode, base.sources.barcode) = (backBarcode, .back)
            let edition = release.facts.edition
            if edition.catalogNumber != nil { (base.edition.catalogNumber, base.sources.catalogNumber) = (nil, nil) }
            if edition.format != nil { (base.edition.format, base.sources.format) = (nil, nil) }
            if edition.country != nil { (base.edition.country, base.sources.country) = (nil, nil) }
        }
        if fromRelease { (base.artist, base.title) = (release.artist, release.title) }
        base.musicbrainzReleaseId = release.id
        var completed = base.completed(by: release.facts)
        completed.discogs = DiscogsLink(releaseIds: looked.discogsReleaseIds, source: .link)
        return completed
    }

    /// The release's front image, from the store or the Cover Art Archive (stored for next time).
    private func artwork(of release: ReleaseCandidate) async -> ArtworkOutcome {
        do {
            if let stored = try await store.artwork(mbid: release.id) {
                return ArtworkOutcome(
                    status: .cached, url: stored.url, releaseId: release.id, releaseGroupId: release.releaseGroupId,
                    facts: release.facts, images: stored)
            }
            let client = CoverArtClient(environment: environment)
            guard let cover = try await client.frontCover(release: release.id, releaseGroup: release.releaseGroupId) else {
                ScanDiagnostics.report(.artwork, .artworkUnavailable, "the Cover Art Archive has no front cover of \(release.id)")
                return ArtworkOutcome(status: .unavailable, releaseId: release.id, releaseGroupId: release.releaseGroupId)
            }
            let stored = await ArtworkCheck(environment: environment, store: store).save(
                cover.jpeg, url: cover.url, mbid: release.id)
            return ArtworkOutcome(
                status: .fetched, url: cover.url, releaseId: release.id, releaseGroupId: release.releaseGroupId,
                facts: release.facts, images: stored)
        } catch {
            let message = "the artwork of \(release.id) could not be had: \(error)"
            ScanDiagnostics.report(.artwork, .artworkUnavailable, message)
            return ArtworkOutcome(
                status: .unavailable, releaseId: release.id, releaseGroupId: release.releaseGroupId,
                reason: .init(code: ScanResult.incompleteCode, message: message))
        }
    }

    /// The photo, when its file is still where it was scanned from and unchanged, against the new artwork.
    private func verification(of scan: StoredScan, against artwork: ArtworkOutcome, album: Album) async -> Verification {
        guard artwork.status != .unavailable else { return .unchecked }
        let (limits, matcher, path) = (environment.settings.imageLimits, environment.matcher, scan.fileName)
        let photo: DecodedRGB?
        do {
            photo = try await environment.compute { () throws -> DecodedRGB? in
                let bytes = try InputFile.read(InputPath(URL(fileURLWithPath: path)), limits: limits)
                guard ScanPipeline.sha256(bytes) == scan.inputSha256 else { return nil }
                return try matcher.photo(try ImagePrep.decodedForUpload(bytes, limits: limits).image)
            }
        } catch {
            photo = nil
        }
        guard let photo else {
            ScanDiagnostics.report(
                .verify, .artworkNotCompared, "the photo is no longer at \(path), so the new artwork was not compared with it")
            return .unchecked
        }
        return await ArtworkCheck(environment: environment, store: store)
            .verify(photo: photo, album: album, artwork: artwork, tryingOtherEditions: false).verification
    }

    /// The album's review, cached or new; its model use is recorded like a scan's.
    private func review(of album: Album) async -> ReviewOutcome {
        let outcome = await ReviewGenerator(environment: environment, store: store).review(of: album, ultra: false)
        if !outcome.usage.isEmpty {
            let now = environment.now()
            do {
                try await store.recordUsage(outcome.usage, at: now)
            } catch {
                ScanDiagnostics.report(.save, .usageNotRecorded, "the review's token usage was not recorded: \(error)")
            }
        }
        if let reason = outcome.reason { ScanDiagnostics.report(.review, .reviewUnavailable, reason.message) }
        return outcome
    }
}
