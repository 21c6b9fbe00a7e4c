import Foundation

/// Release search on the Discogs API (`GET /database/search`), used only with `DISCOGS_TOKEN` and only when
/// MusicBrainz links the release to no Discogs release. Polite by construction: the token in `Authorization`,
/// albumscan's own User-Agent, at most 60 requests in any minute across processes, and the server's
/// `X-Discogs-Ratelimit-Remaining` and 429 honoured.
struct DiscogsClient {
    /// Slots a little over 1 s apart: 60 slots span 63 s, so no moving minute holds more than 60 requests even when
    /// one leaves late.
    static let spacing = 1.05
    /// How long to hold every process back when Discogs says the minute's requests are used up.
    static let window = 60.0

    let environment: AppEnvironment
    let token: String

    /// Release ids whose barcode is `digits` (spaces and dashes are dropped first), in Discogs' order.
    func releases(barcode: String) async throws -> [Int] {
        let digits = DiscogsSearch.digits(barcode)
        guard !digits.isEmpty else { return [] }
        let body = try await search(["barcode": digits, "type": "release"])
        return try DiscogsSearch.releaseIds(body) { result in
            result.barcodes.contains { DiscogsSearch.sameBarcode($0, digits) }
        }
    }

    /// Release ids whose catalogue number is `catalogNumber` and whose title names `title`, in Discogs' order: a
    /// catalogue number alone is shared by unrelated releases of different labels.
    func releases(catalogNumber: String, title: String) async throws -> [Int] {
        let body = try await search(["catno": catalogNumber, "type": "release"])
        let wanted = EditionMatch.foldCatalogNumber(catalogNumber)
        let plainTitle = NameFolding.fold(NameFolding.stripEditionNoise(title))
        return try DiscogsSearch.releaseIds(body) { result in
            EditionMatch.foldCatalogNumber(result.catalogNumber ?? "") == wanted
                && NameFolding.fold(result.title).contains(plainTitle)
        }
    }

    /// One search, spaced by the shared limiter; a 429 (or a used-up minute) holds every process back and is retried.
    func search(_ parameters: [String: String]) async throws -> Data {
        let root = environment.settings.discogsURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let query = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\(LuceneQuery.percentEncode($0.value))" }
        guard let url = URL(string: "\(root)/database/search?" + query.joined(separator: "&")) else {
            throw HTTPTransportError.failed("bad Discogs URL")
        }
        let request = HTTPRequest(
            url: url,
            headers: [
                "User-Agent": environment.settings.userAgent, "Accept": "application/json",
                "Authorization": "Discogs token=\(token)",
            ],
            timeout: environment.settings.metadataTimeout, maxResponseBytes: 4 << 20)
        let limiter = SlotLimiter.discogs(environment)
        let spaced = environment.transportMode.reachesNetwork
        var attempt = 0
        while true {
            if spaced { try await limiter.waitTurn() }
            let response = try await environment.transport.send(request)
            let now = environment.now().timeIntervalSince1970
            if spaced, let hold = DiscogsSearch.hold(response, now: now, window: Self.window) {
                environment.log("discogs: the minute's requests are used up; holding until its window frees")
                try await limiter.hold(until: hold)
                if response.status != 200 {
                    ScanDiagnostics.report(.waiting(service: "Discogs", until: Date(timeIntervalSince1970: hold)))
                }
            }
            if response.status == 200 { return response.body }
            guard response.status == 429 || (500...599).contains(response.status), attempt < 3 else {
                throw HTTPStatusError(status: response.status, service: "Discogs")
            }
            attempt += 1
            if !spaced {
                let wait = RetryPolicy.metadata.backoff(attempt: attempt, random: environment.random())
                try await environment.sleep(wait)
            }
            environment.log("discogs: HTTP \(response.status); retrying")
        }
    }
}
