import Foundation

/// Pins a saved scan to the release a photo of its sleeve's back names (`edit ID --back`, serve's
/// `POST /api/scans/ID/photos`): the barcode read there is looked up on MusicBrainz (the same barcode search a
/// front's barcode goes through), and the scan is corrected to that release by `ScanCorrector`, so its facts,
/// artwork, Discogs links, version and change log move as any correction's do. A back of another album (another
/// release group) changes nothing: `differentAlbum`, naming it.
package struct SleevePinner {
    let environment: AppEnvironment
    let store: AlbumStore

    package init(environment: AppEnvironment, store: AlbumStore) {
        self.environment = environment
        self.store = store
    }

    /// The scan pinned to the back's release, read back as `show` reads it. `ifVersion` is the version the caller
    /// saw (`StaleVersion` when the scan moved on).
    package func pin(_ scan: StoredScan, back: SleeveBack, ifVersion: Int? = nil) async throws -> ScanResult {
        let (release, barcode) = try await release(namedBy: back)
        if let other = try await otherAlbum(release, than: scan) { throw AlbumScanError.differentAlbum(other) }
        environment.log("back: \(barcode.digits) pins scan \(scan.id) to release \(release.id)")
        let correction = ScanCorrection(musicbrainzReleaseId: release.id, backBarcode: barcode.digits)
        let corrected = try await ScanCorrector(environment: environment, store: store)
            .correct([scan], with: correction, ifVersion: ifVersion)
        guard let result = corrected.first else { throw AlbumScanError.unknownScan(scan.id) }
        return result
    }

    /// The release the first barcode MusicBrainz lists names, with that barcode.
    func release(namedBy back: SleeveBack) async throws -> (ReleaseCandidate, RetailBarcode) {
        let client = MusicBrainzClient(environment: environment)
        for barcode in back.barcodes {
            let found = try await Self.asking { try await client.findRelease(barcode: barcode) }
            if let found, !NameFolding.isPlaceholder(found.artist) { return (found, barcode) }
        }
        let digits = back.barcodes.map(\.digits).joined(separator: ", ")
        throw AlbumScanError.unknownBarcode(
            "MusicBrainz lists no release with barcode \(digits); nothing was changed "
                + "(name the release by its MusicBrainz id or address instead)")
    }

    /// The album `release` belongs to, when it is not the scan's: another release group than the scan's release's,
    /// or, for a scan with no release, other names.
    func otherAlbum(_ release: ReleaseCandidate, than scan: StoredScan) async throws -> DifferentAlbum? {
        let named = DifferentAlbum(artist: release.artist, title: release.title, musicbrainzReleaseId: release.id)
        let current = scan.album.musicbrainzReleaseId.flatMap { $0.isEmpty ? nil : $0 }
        if current == release.id { return nil }
        if let current, let group = release.releaseGroupId, let currentGroup = try await releaseGroup(of: current) {
            return currentGroup == group ? nil : named
        }
        let same = AlbumKey(scan.album).work == AlbumKey(Album(artist: release.artist, title: release.title)).work
        return same ? nil : named
    }

    /// The release group of the scan's release; nil when MusicBrainz no longer has that release (the names decide).
    private func releaseGroup(of mbid: String) async throws -> String? {
        let client = MusicBrainzClient(environment: environment)
        return try await Self.asking { () async throws -> String? in
            do {
                return try await client.release(mbid: mbid)?.release.releaseGroupId
            } catch let status as HTTPStatusError where status.status == 404 || status.status == 400 {
                return nil
            }
        }
    }

    /// A MusicBrainz request's failure as the error that stops a command: a service failure.
    static func asking<T>(_ request: () async throws -> T) async throws -> T {
        do {
            return try await request()
        } catch let error as HTTPStatusError {
            throw AlbumScanError.serviceFailed("MusicBrainz: \(error.summary)")
        } catch let error as HTTPTransportError {
            throw AlbumScanError.serviceFailed("MusicBrainz: \(error.summary)")
        }
    }
}
