import Foundation

/// Discogs release pages as MusicBrainz links them.
package enum DiscogsURL {
    /// N of `https://www.discogs.com/release/N` (also http, without `www.`, with a `-Title-Slug` or a trailing
    /// path); nil for masters, artists, labels and other hosts.
    package static func releaseId(_ resource: String) -> Int? {
        guard let parts = URLComponents(string: resource), let host = parts.host?.lowercased(),
            host == "discogs.com" || host.hasSuffix(".discogs.com")
        else { return nil }
        let segments = parts.path.split(separator: "/").map(String.init)
        guard let index = segments.firstIndex(of: "release"), index + 1 < segments.count else { return nil }
        let digits = segments[index + 1].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let id = Int(digits), id > 0 else { return nil }
        return id
    }
}
