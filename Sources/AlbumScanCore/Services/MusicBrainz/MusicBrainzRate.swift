import Foundation

/// How fast albumscan may ask a MusicBrainz server: the public musicbrainz.org allows one request a second per IP,
/// a mirror (musicbrainz-docker) as many as it can serve.
package enum MusicBrainzRate {
    /// The public server's limit, requests a second; never exceeded there.
    package static let publicLimit = 1.0
    /// The default for any other host.
    package static let mirrorDefault = 10.0
    /// The highest rate accepted for any host.
    package static let maximum = 100.0
    /// Slot spacing on the public server: a little over 1 s, for the jitter between waking and sending.
    package static let publicSpacing = 1.05
    /// The same 5% margin on any host: a mirror limited to 20 a second gets slots 52.5 ms apart.
    static let margin = 1.05

    /// Whether `host` is the public server (musicbrainz.org or one of its subdomains, such as beta.musicbrainz.org).
    package static func isPublic(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return host == "musicbrainz.org" || host.hasSuffix(".musicbrainz.org")
    }

    /// The rate used for `host`: the requested one, clamped to 1 on the public server; the host's default when none
    /// was requested. `clamped` says a requested rate was lowered.
    package static func effective(host: String, requested: Double?) -> (rate: Double, clamped: Bool) {
        if isPublic(host) {
            guard let requested else { return (publicLimit, false) }
            return (min(requested, publicLimit), requested > publicLimit)
        }
        return (requested ?? mirrorDefault, false)
    }

    /// Seconds between two requests' slots: a little over `1 / rate`, for the jitter between waking and sending.
    package static func spacing(host: String, requested: Double?) -> Double {
        margin / effective(host: host, requested: requested).rate
    }

    /// Requests that may go at once after a pause: one on the public server, which asks for one a second, never two
    /// together; a second's worth on a mirror, whose rate is an average (a crate's scans finish their model calls in
    /// waves, and spacing each wave's lookups out would only make them queue).
    package static func burst(host: String, requested: Double?) -> Int {
        isPublic(host) ? 1 : max(1, Int(effective(host: host, requested: requested).rate))
    }
}
