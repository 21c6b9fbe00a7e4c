import Foundation

/// Everything configurable about a scan: service roots, models, key, limits and deadlines.
package struct Settings: Sendable {
    package var openAIKey: String?
    package var openAIBaseURL = URL(string: "https://api.openai.com/v1")!
    package var musicBrainzURL = URL(string: "https://musicbrainz.org/ws/2")!
    package var coverArtURL = URL(string: "https://coverartarchive.org")!
    /// MusicBrainz requests a second (`ALBUMSCAN_MUSICBRAINZ_RATE`); nil takes the host's default (see `MusicBrainzRate`).
    package var musicBrainzRate: Double?
    /// The Discogs API root (`ALBUMSCAN_DISCOGS_URL`).
    package var discogsURL = URL(string: "https://api.discogs.com")!
    /// A Discogs personal access token (`DISCOGS_TOKEN`): with one, a release MusicBrainz links to no Discogs release
    /// is searched for on Discogs. A secret, like the API keys.
    package var discogsToken: String?
    /// When a scan asks MusicBrainz for its release's Discogs links (`ALBUMSCAN_DISCOGS_LINKS`; see `DiscogsLinkTiming`).
    package var discogsLinks = DiscogsLinkTiming.Choice.auto
    /// Contact put in the MusicBrainz User-Agent.
    package var contact = "https://github.com/albumscan/albumscan"
    package var visionModel = "gpt-4o"
    package var searchModel = "gpt-4o-search-preview"
    package var reviewModel = "gpt-4o"
    /// `detail` of the image part sent to the vision model: auto, low or high.
    package var imageDetail = "high"
    package var imageLimits = ImageLimits()
    /// Per-request deadline for model calls, in seconds.
    package var modelTimeout: TimeInterval = 90
    /// Per-request deadline for MusicBrainz and the Cover Art Archive, in seconds.
    package var metadataTimeout: TimeInterval = 20
    /// Whole-scan deadline in seconds, from the first model call to the saved scan.
    package var scanDeadline: TimeInterval = 180
    /// Largest artwork download accepted, in bytes.
    package var maxArtworkBytes = 10 << 20
    /// Treat artwork that does not match the photo as a failed identification (`--require-verified`).
    package var requireVerified = false
    /// Photos already identified (the same content, by SHA-256) are skipped, not scanned again (`scan`; off under
    /// `--rescan`).
    package var skipScanned = false
    /// ID Call 0: re-match photos against albums already in the store (`--no-local` turns it off).
    package var localMatch = true
    /// A folder whose prompt files replace the embedded ones.
    package var promptsDirectory: URL?
    /// The model service (see `ProviderKind`); `select(_:)` also sets its default models.
    package var provider = ProviderKind.openai
    package var anthropic = AnthropicSettings()
    package var gemini = GeminiSettings()
    package var local = LocalServerSettings()
    /// Refuse blurred, badly exposed or tiny photos before any model call (`--no-quality-check` turns it off).
    package var qualityCheck = true
    /// The shop's fields saved with every scan of the run (`scan --location …`).
    package var shopFields = ShopFields.none
    /// Whether a photo already scanned keeps its shop fields (`serve`: a photo sent again, or rescanned, changes none
    /// of them; only PATCH edits) rather than taking the run's (`scan`'s documented re-run rule).
    package var scannedPhotosKeepShopFields = false
    /// Whether a photo whose last try on this home found nothing, or was refused for quality, is answered from that
    /// try with no model call (`serve`, DESIGN wave 5: nothing paid for twice without a tap; `rescan`, or turning the
    /// quality check off for a refusal, tries again). The CLI's plain re-run retries.
    package var answersFromLastTry = false
    /// The door changes come through, for the change log: `cli`, or `page:` and the page's client.
    package var door = "cli"

    package init() {}

    /// Strings scrubbed from recordings and logs: every provider's API key and any password in a service URL.
    package var secrets: [String] {
        let roots = [openAIBaseURL, musicBrainzURL, coverArtURL, anthropic.baseURL, gemini.baseURL, discogsURL]
        let keys = [openAIKey, anthropic.key, gemini.key, discogsToken].compactMap { $0 }
        return (keys + roots.compactMap(URLRedaction.password)).filter { $0.count >= 4 }
    }

    /// Requests to MusicBrainz that may go at once after a pause (see `MusicBrainzRate.burst`).
    package var musicBrainzBurst: Int {
        MusicBrainzRate.burst(host: musicBrainzURL.host ?? "", requested: musicBrainzRate)
    }

    /// Seconds between two MusicBrainz requests, from the host and `musicBrainzRate`.
    package var musicBrainzSpacing: Double {
        MusicBrainzRate.spacing(host: musicBrainzURL.host ?? "", requested: musicBrainzRate)
    }

    /// MusicBrainz requests a second on this host, as used (the public server's 1 whatever was asked).
    package var musicBrainzEffectiveRate: Double {
        MusicBrainzRate.effective(host: musicBrainzURL.host ?? "", requested: musicBrainzRate).rate
    }

    /// The User-Agent MusicBrainz (and Discogs) ask every client to send.
    package var userAgent: String { "albumscan/\(AlbumScanVersion.current) ( \(contact) )" }
}

/// The version string shown by `--version` and sent in the User-Agent.
package enum AlbumScanVersion {
    package static let current = "0.1.0"
}
