import Foundation

/// The configured service roots, for matching recordings by service and path below its root.
///
/// A recording made against `http://host/openai/v1` and replayed against `https://api.openai.com/v1` is the same
/// request: service `openai`, path `/chat/completions`. URLs under no configured root (archive.org, where the
/// Cover Art Archive redirects) are service `other`, matched on their whole path and query.
package struct ServiceRoots: Sendable, Equatable {
    /// Service names and their roots; the longest matching root wins.
    package var roots: [(name: String, url: URL)]

    package init(settings: Settings) {
        roots = [
            (settings.provider == .openAICompatible ? "local" : "openai", settings.openAIBaseURL),
            ("musicbrainz", settings.musicBrainzURL), ("coverart", settings.coverArtURL),
            ("anthropic", settings.anthropic.baseURL), ("gemini", settings.gemini.baseURL),
            ("discogs", settings.discogsURL),
        ]
    }

    package static func == (lhs: ServiceRoots, rhs: ServiceRoots) -> Bool {
        lhs.roots.map(\.name) == rhs.roots.map(\.name) && lhs.roots.map(\.url) == rhs.roots.map(\.url)
    }

    /// The service `url` belongs to, and its percent-encoded path (below that root) and query.
    package func locate(_ url: URL) -> (service: String, target: String) {
        let parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = parts?.percentEncodedPath ?? ""
        let query = parts?.percentEncodedQuery.map { "?" + $0 } ?? ""
        var best: (name: String, rootPath: String)?
        for (name, root) in roots {
            guard let rootParts = URLComponents(url: root, resolvingAgainstBaseURL: true),
                Self.origin(rootParts) == parts.map(Self.origin)
            else { continue }
            let rootPath = Self.trimmed(rootParts.percentEncodedPath)
            guard path == rootPath || path.hasPrefix(rootPath + "/") || rootPath.isEmpty else { continue }
            if best.map({ rootPath.count > $0.rootPath.count }) ?? true { best = (name, rootPath) }
        }
        guard let best else { return ("other", (path.isEmpty ? "/" : path) + query) }
        let below = String(path.dropFirst(best.rootPath.count))
        return (best.name, (below.isEmpty ? "/" : below) + query)
    }

    /// Scheme, host and port, with default ports filled in, lower-cased.
    static func origin(_ parts: URLComponents) -> String {
        let scheme = parts.scheme?.lowercased() ?? ""
        let port = parts.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(parts.host?.lowercased() ?? ""):\(port)"
    }

    static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
