import Foundation

/// The Discogs releases of the scan's chosen release: MusicBrainz's own links (`inc=url-rels`), and with
/// `DISCOGS_TOKEN`, when it links none, a Discogs search by the release's barcode (the one MusicBrainz stores, else the
/// sleeve's), then the sleeve's catalogue number. Cached per release, so a known album asks nothing; never stops a
/// scan (what fails is a diagnostic, and the links stay `pending`, to be asked for again by the next export).
///
/// What is asked depends on the release, not on which of its photos asks first: concurrent scans of one release (its
/// front and its back in one batch) share one lookup, and the search goes by the release's own barcode. Otherwise the
/// back's barcode or the front's catalogue number would be searched by whichever won the race, and a replay, whose
/// timing differs, could ask for a search its recording never made.
struct DiscogsLookup {
    let environment: AppEnvironment
    let store: AlbumStore

    /// The link for `album`, whose `musicbrainzReleaseId` is the release the scan settled on. With `askMusicBrainz`
    /// false, a release whose links are not cached yet is `pending` (no MusicBrainz request); an album with no
    /// release still gets its Discogs search, which asks MusicBrainz nothing.
    func link(for album: Album, askMusicBrainz: Bool = true) async -> DiscogsLink {
        let sleeve = DiscogsSearchTerms(album: album)
        guard let key = Self.cacheKey(mbid: album.musicbrainzReleaseId, sleeve: sleeve) else { return .none }
        let flight = "\(key) \(askMusicBrainz ? "ask" : "cached")"
        return await environment.flights.discogsLinks.run(flight) {
            await lookUp(album, key: key, sleeve: sleeve, askMusicBrainz: askMusicBrainz)
        }.value
    }

    /// One lookup of the release (or sleeve) under `key`; `link(for:)` makes sure it is the only one running.
    private func lookUp(_ album: Album, key: String, sleeve: DiscogsSearchTerms, askMusicBrainz: Bool) async
        -> DiscogsLink
    {
        let token = environment.settings.discogsToken.flatMap { $0.isEmpty ? nil : $0 }
        var cached: CachedLinks?
        do {
            cached = try await store.run { try $0.cachedLinks(key: key) }
        } catch {
            ScanDiagnostics.report(.catalogue, .discogsUnavailable, "the Discogs link cache cannot be read: \(error)")
            return album.musicbrainzReleaseId == nil ? .none : .pending
        }
        var releaseBarcode: String?
        if cached == nil, let mbid = album.musicbrainzReleaseId {
            guard askMusicBrainz else { return .pending }
            do {
                let links = try await MusicBrainzClient(environment: environment).releaseLinks(mbid: mbid)
                let ids = links.discogsReleaseIds
                environment.log("discogs: MusicBrainz links \(mbid) to \(ids.isEmpty ? "no Discogs release" : "\(ids)")")
                releaseBarcode = links.barcode
                cached = CachedLinks(link: DiscogsLink(releaseIds: ids, source: .link), searched: false)
                await save(cached, key: key)
            } catch let status as HTTPStatusError where status.status == 404 {
                // MusicBrainz no longer has the release (merged or removed): it links nothing, now or later.
                environment.log("discogs: MusicBrainz has no release \(mbid)")
                return .none
            } catch {
                ScanDiagnostics.report(
                    .catalogue, .discogsUnavailable,
                    "MusicBrainz could not be asked for the Discogs links of \(mbid): \(Self.describe(error)); "
                        + "they stay pending until the next Discogs export or crate page")
                return .pending
            }
        }
        let known = cached ?? CachedLinks(link: .none, searched: false)
        let terms = DiscogsSearchTerms(barcode: releaseBarcode ?? sleeve.barcode, catalogNumber: sleeve.catalogNumber)
        guard known.link.releaseIds.isEmpty, !known.searched, let token, !terms.isEmpty else { return known.link }
        do {
            let ids = try await search(terms, title: album.title, token: token)
            let found = CachedLinks(link: DiscogsLink(releaseIds: ids, source: .search), searched: true)
            await save(found, key: key)
            return found.link
        } catch {
            ScanDiagnostics.report(.catalogue, .discogsUnavailable, "Discogs could not be searched: \(Self.describe(error))")
            return known.link
        }
    }

    /// The barcode search first; the catalogue number only when it found nothing.
    func search(_ sleeve: DiscogsSearchTerms, title: String, token: String) async throws -> [Int] {
        let client = DiscogsClient(environment: environment, token: token)
        if let barcode = sleeve.barcode {
            let ids = try await client.releases(barcode: barcode)
            environment.log("discogs: barcode \(barcode) finds \(ids.isEmpty ? "nothing" : "\(ids)")")
            if !ids.isEmpty { return ids }
        }
        if let catalogNumber = sleeve.catalogNumber {
            let ids = try await client.releases(catalogNumber: catalogNumber, title: title)
            environment.log("discogs: catalogue number \(catalogNumber) finds \(ids.isEmpty ? "nothing" : "\(ids)")")
            return ids
        }
        return []
    }

    func save(_ links: CachedLinks?, key: String) async {
        guard let links else { return }
        let now = environment.now()
        do {
            try await store.run { try $0.saveLinks(links, key: key, at: now) }
        } catch {
            ScanDiagnostics.report(.catalogue, .cacheNotSaved, "the Discogs lookup was not cached: \(error)")
        }
    }

    /// `mbid:…` for a release; `sleeve:…` for an album MusicBrainz does not know but whose sleeve can be searched for;
    /// nil when there is nothing to look up.
    static func cacheKey(mbid: String?, sleeve: DiscogsSearchTerms) -> String? {
        if let mbid, !mbid.isEmpty { return "mbid:" + mbid }
        guard !sleeve.isEmpty else { return nil }
        return "sleeve:\(sleeve.barcode ?? "")\u{1F}\(sleeve.catalogNumber.map(EditionMatch.foldCatalogNumber) ?? "")"
    }

    /// An error as one line; a status error already says which service.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let status as HTTPStatusError: status.summary
        case let transport as HTTPTransportError: transport.summary
        default: "\(error)"
        }
    }
}

/// What a Discogs search can go by: the sleeve's barcode (digits only) and catalogue number.
struct DiscogsSearchTerms: Equatable {
    var barcode: String?
    var catalogNumber: String?

    init(barcode: String? = nil, catalogNumber: String? = nil) {
        self.barcode = barcode.map(DiscogsSearch.digits).flatMap { $0.isEmpty ? nil : $0 }
        self.catalogNumber = catalogNumber.flatMap { $0.isEmpty ? nil : $0 }
    }

    init(album: Album) {
        self.init(barcode: album.barcode, catalogNumber: album.catalogNumber)
    }

    var isEmpty: Bool { barcode == nil && catalogNumber == nil }
}
