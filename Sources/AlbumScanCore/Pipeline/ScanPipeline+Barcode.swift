import Foundation

extension ScanPipeline {
    /// The album a barcode names on MusicBrainz, with no model call; nil (after saying why under --verbose)
    /// when MusicBrainz lists none of `barcodes` or cannot be asked. A hit is put in the release cache under
    /// the album's key, so the artwork stage goes straight to that exact release. `readOn` is where the barcode was
    /// read: the front (`sleeve`) or the back (`back`).
    func identifyByBarcode(
        _ barcodes: [RetailBarcode], store: AlbumStore, readOn: AlbumSources.Source = .sleeve
    ) async -> Identification? {
        let client = MusicBrainzClient(environment: environment)
        for barcode in barcodes {
            let found: ReleaseCandidate?
            do {
                found = try await client.findRelease(barcode: barcode)
            } catch {
                ScanDiagnostics.report(
                    .identify, .barcodeLookupFailed,
                    "MusicBrainz could not be asked about barcode \(barcode.digits) (\(error)); the photo went to the model")
                return nil
            }
            guard let release = found, !NameFolding.isPlaceholder(release.artist) else {
                environment.log(
                    "barcode: MusicBrainz lists no release with \(barcode.digits)"
                        + (found == nil ? "" : " credited to a real artist"))
                continue
            }
            var album = Album(
                artist: release.artist, title: release.title, year: release.date.map { String($0.prefix(4)) },
                label: release.label, musicbrainzReleaseId: release.id, barcode: barcode.digits)
            // The barcode names this very release: its catalogue number, format and country are the sleeve's edition,
            // as MusicBrainz lists them; only the barcode itself was read from the photo.
            album.edition = release.edition
            album.sources = AlbumSources.sleeve(of: album).asMusicBrainz
            album.sources.barcode = readOn
            var cached = CachedRelease(
                mbid: release.id, releaseGroupId: release.releaseGroupId, title: release.title, artist: release.artist,
                date: release.date)
            cached.facts = release.facts
            let key = AlbumKey(album)
            let now = environment.now()
            do {
                try await store.saveRelease(cached, key: key, at: now)
            } catch {
                ScanDiagnostics.report(.identify, .cacheNotSaved, "the release \(release.id) was not cached: \(error)")
            }
            environment.log("barcode: \(barcode.digits) is \(release.id)")
            return Identification(
                album: album, calls: 0, searchGate: .notNeeded, reason: nil, citations: [], usage: [], method: .barcode)
        }
        return nil
    }
}
