import Foundation

/// Release search on the MusicBrainz web service, polite by construction: User-Agent, spacing, backoff.
struct MusicBrainzClient {
    let environment: AppEnvironment
    /// Asked each time a request has its slot, just before sending: true stops the search, because the
    /// answer is now known (another process looked the same album up while this one waited).
    var answeredMeanwhile: @Sendable () async throws -> Bool = { false }

    /// The best-ranked release for an album; nil when nothing fits or when `answeredMeanwhile` said to stop. A
    /// catalogue number read on the sleeve narrows the first search to that edition (with the sleeve's barcode as an
    /// alternative), and the sleeve's format and country break ties between editions. When the exact search finds
    /// nothing fitting, the artist index is asked for the name (an alias or sort name: a sleeve read as "Mika
    /// Nakashima" for a release credited 中島美嘉) and that artist's releases are searched by MBID; when it knows
    /// no such artist, a looser query is tried once instead.
    func findRelease(
        artist: String, title: String, edition: Edition = Edition(), barcode: RetailBarcode? = nil
    ) async throws -> ReleaseCandidate? {
        // "Rumours (Deluxe Edition)" is searched as "Rumours": the original release is the one wanted.
        let plainTitle = NameFolding.stripEditionNoise(title)
        let strict = LuceneQuery.strict(artist: artist, title: plainTitle)
        var queries = [strict, LuceneQuery.loose(artist: artist, title: plainTitle)]
        if let narrowed = LuceneQuery.narrowed(strict, catalogNumber: edition.catalogNumber, barcode: barcode) {
            queries.insert(narrowed, at: 0)
        }
        for query in queries {
            guard let candidates = try await search(query) else { return nil }
            if let best = chosen(candidates, artist: artist, title: title, edition: edition, barcode: barcode, query: query) {
                return best
            }
            guard query == strict else { continue }
            guard let artists = try await artistsNamed(artist) else { return nil }
            if let named = artists.first {
                guard let hits = try await releases(title: plainTitle, by: named) else { return nil }
                return chosen(hits, artist: artist, title: title, edition: edition, barcode: barcode, query: "arid:\(named.id)")
            }
        }
        return nil
    }

    /// The best of one search's hits, logged; nil when none fits.
    private func chosen(
        _ candidates: [ReleaseCandidate], artist: String, title: String, edition: Edition, barcode: RetailBarcode?,
        query: String
    ) -> ReleaseCandidate? {
        guard let best = ReleaseRanker.best(candidates, artist: artist, title: title, edition: edition, barcode: barcode)
        else {
            environment.log("musicbrainz: nothing fitting among \(candidates.count) results for \(query)")
            return nil
        }
        let said = best.edition
        environment.log(
            "musicbrainz: chose \(best.id) (\(best.status ?? "?"), \(best.date ?? "no date"), "
                + "\(said.catalogNumber ?? "no catno"), \(said.format ?? "no format"), \(said.country ?? "no country"))")
        return best
    }

    /// Matching releases for an album, best first, from the strict query (one request).
    func rankedReleases(artist: String, title: String, edition: Edition = Edition()) async throws -> [ReleaseCandidate] {
        let plainTitle = NameFolding.stripEditionNoise(title)
        let candidates = try await search(LuceneQuery.strict(artist: artist, title: plainTitle)) ?? []
        return ReleaseRanker.ranked(candidates, artist: artist, title: title, edition: edition)
    }

    /// One search; nil when `answeredMeanwhile` said to stop.
    func search(_ query: String) async throws -> [ReleaseCandidate]? {
        guard let body = try await get("release?query=\(LuceneQuery.percentEncode(query))&limit=25&fmt=json") else {
            return nil
        }
        guard let candidates = ReleaseCandidate.decodeSearch(body) else {
            throw HTTPTransportError.failed("MusicBrainz answered with unreadable JSON")
        }
        return candidates
    }

    /// One GET below the web service root (`pathAndQuery` already percent-encoded), spaced by the limiter and retried
    /// on 503 and 429 with backoff and `Retry-After`; the body of the 200, or nil when `answeredMeanwhile` said to
    /// stop. A 404 is `HTTPStatusError` like any other failure.
    func get(_ pathAndQuery: String) async throws -> Data? {
        let root = environment.settings.musicBrainzURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard let url = URL(string: "\(root)/\(pathAndQuery)") else {
            throw HTTPTransportError.failed("bad MusicBrainz URL")
        }
        let request = HTTPRequest(
            url: url, headers: ["User-Agent": environment.settings.userAgent, "Accept": "application/json"],
            timeout: environment.settings.metadataTimeout, maxResponseBytes: 4 << 20)
        let policy = RetryPolicy.metadata
        var attempt = 0
        while true {
            if environment.spacesMusicBrainzRequests {
                try await SlotLimiter.musicBrainz(environment).waitTurn()
            }
            if try await answeredMeanwhile() { return nil }
            let response = try await environment.transport.send(request)
            if response.status == 200 { return response.body }
            guard
                let wait = policy.delay(
                    attempt: attempt, response: response, random: environment.random(), now: environment.now())
            else { throw HTTPStatusError(status: response.status, service: "MusicBrainz") }
            environment.log("musicbrainz: HTTP \(response.status); retrying in \(RetryingSender.format(wait))")
            try await environment.sleep(wait)
            attempt += 1
        }
    }
}
