import Crypto
import Foundation

/// One recorded exchange on disk, and the match key that finds it again.
///
/// Matching: method + URL (secret query values redacted) + SHA-256 of the request body, with JSON bodies
/// re-serialised with sorted keys first. Headers are not part of the key: they carry the API key, the
/// User-Agent version and nothing that changes the answer. The n-th identical request in a run gets the
/// n-th recording of that key, and the last one when there are fewer.
struct Recording: Codable, Equatable {
    struct Request: Codable, Equatable {
        var method: String
        var url: String
        var bodySha256: String?
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
    static let keptHeaders: Set<String> = ["content-type", "location", "retry-after", "retry-after-ms", "x-should-retry"]

    /// Query parameters whose values are secrets.
    static let secretParameters: Set<String> = ["key", "api_key", "apikey", "token", "access_token"]

    static func request(for request: HTTPRequest) -> Request {
        Request(method: request.method, url: redactedURL(request.url), bodySha256: request.body.map(canonicalDigest))
    }

    /// The file name stem shared by every recording of one request.
    static func stem(for request: Request) -> String {
        let key = "\(request.method) \(request.url) \(request.bodySha256 ?? "-")"
        let digest = SHA256.hash(data: Data(key.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        let host = URL(string: request.url)?.host ?? "host"
        return "\(host.replacingOccurrences(of: ":", with: "_"))-\(digest)"
    }

    static func redactedURL(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true), let items = parts.queryItems else {
            return url.absoluteString
        }
        parts.percentEncodedQueryItems = parts.percentEncodedQueryItems?.map { item in
            secretParameters.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "REDACTED") : item
        }
        _ = items
        return parts.string ?? url.absoluteString
    }

    static func canonicalDigest(_ body: Data) -> String {
        var bytes = body
        if let json = try? JSONSerialization.jsonObject(with: body),
            let canonical = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .withoutEscapingSlashes])
        {
            bytes = canonical
        }
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}
