import Foundation

/// One recorded exchange on disk, and the match key that finds it again.
///
/// Matching: method + service + path below that service's configured root and query (secret values
/// redacted) + SHA-256 of the request body, with JSON bodies re-serialised with sorted keys first (see
/// `ServiceRoots`). Scheme, host, port and base path are left out, so exchanges recorded against loopback
/// fakes on random ports (or another base URL) replay against any configured root.
/// Headers are left out too: they carry the API key, the User-Agent version and nothing that changes the
/// answer. Nothing time-dependent is sent in a request, so nothing else needs masking. The n-th identical
/// request in a run gets the n-th recording of that key, and the last one when there are fewer.
struct Recording: Codable, Equatable {
    struct Request: Codable, Equatable {
        var method: String
        var url: String
        var bodySha256: String?
        /// `openai`, `musicbrainz`, `coverart`, `discogs` or `other` (see `ServiceRoots`).
        var service: String?
        /// The path below the service's root, and the query, secrets redacted.
        var target: String?
    }

    struct Response: Codable, Equatable {
        var status: Int
        var headers: [String: String]
        var body: String?
        var bodyBase64: String?
    }

    var request: Request
    var response: Response

    /// Headers worth keeping: those that steer redirects, retries and parsing.
    static let keptHeaders: Set<String> = [
        "content-type", "location", "retry-after", "retry-after-ms", "x-should-retry", "x-discogs-ratelimit",
        "x-discogs-ratelimit-used", "x-discogs-ratelimit-remaining",
    ]

    static func request(for request: HTTPRequest, roots: ServiceRoots = ServiceRoots(settings: Settings())) -> Request {
        let (service, target) = roots.locate(request.url)
        return Request(
            method: request.method, url: redactedURL(request.url), bodySha256: request.body.map(canonicalDigest),
            service: service, target: URLRedaction.redact(target))
    }

    /// The file name stem shared by every recording of one request: a readable prefix and the key's digest.
    static func stem(for request: Request) -> String {
        let target = request.target ?? ""
        let key = "\(request.method) \(request.service ?? "other") \(target) \(request.bodySha256 ?? "-")"
        let digest = Digest.hex(Digest.sha256(Data(key.utf8)).prefix(8))
        let path = target.prefix { $0 != "?" }
        let segments = path.split(separator: "/").filter { !$0.isEmpty && !$0.contains("-") }
        let label = segments.first.map { String($0.filter { $0.isLetter }) } ?? ""
        let service = request.service ?? "other"
        return "\(request.method.lowercased())-\(service)-\(label.isEmpty ? "root" : label)-\(digest)"
    }

    static func redactedURL(_ url: URL) -> String {
        URLRedaction.redact(url)
    }

    static func canonicalDigest(_ body: Data) -> String {
        // try?: a body that is not JSON is hashed as it is
        let canonical = try? JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: body), options: [.sortedKeys, .withoutEscapingSlashes])
        return Digest.hex(Digest.sha256(canonical ?? body))
    }
}
