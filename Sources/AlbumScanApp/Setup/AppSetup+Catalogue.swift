import AlbumScanCore
import Foundation

extension AppSetup {
    /// The MusicBrainz rate (clamped to 1 on musicbrainz.org, with a warning), the Discogs root and token, and when
    /// scans ask for the Discogs links.
    package static func loadCatalogueSettings(
        _ settings: inout Settings, _ environment: [String: String], _ origin: (String) -> String,
        _ serviceURL: (String, String) throws -> URL, console: CommandConsole
    ) throws {
        if let value = environment["ALBUMSCAN_MUSICBRAINZ_RATE"], !value.isEmpty {
            let source = origin("ALBUMSCAN_MUSICBRAINZ_RATE")
            let requested = try SettingValue.rate(value, from: source)
            let host = settings.musicBrainzURL.host ?? ""
            if MusicBrainzRate.effective(host: host, requested: requested).clamped {
                console.printError(
                    "warning: \(source) is \(value), but \(host) allows 1 request a second; using 1 (a higher rate is for a mirror)"
                )
            }
            settings.musicBrainzRate = requested
        }
        if let value = environment["ALBUMSCAN_DISCOGS_URL"], !value.isEmpty {
            settings.discogsURL = try serviceURL(value, origin("ALBUMSCAN_DISCOGS_URL"))
        }
        settings.discogsToken = environment["DISCOGS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let value = environment["ALBUMSCAN_DISCOGS_LINKS"], !value.isEmpty {
            guard let choice = DiscogsLinkTiming.Choice(rawValue: value.lowercased()) else {
                throw AlbumScanError.configuration(
                    "\(origin("ALBUMSCAN_DISCOGS_LINKS")) must be auto, scan or later, not \(SafeText.clean(value))")
            }
            settings.discogsLinks = choice
        }
    }
}
