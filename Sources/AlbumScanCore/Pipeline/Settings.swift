import Foundation

/// Everything configurable about a scan: service roots, models, key, limits and deadlines.
public struct Settings: Sendable {
    public var openAIKey: String?
    public var openAIBaseURL = URL(string: "https://api.openai.com/v1")!
    public var musicBrainzURL = URL(string: "https://musicbrainz.org/ws/2")!
    public var coverArtURL = URL(string: "https://coverartarchive.org")!
    /// Contact put in the MusicBrainz User-Agent.
    public var contact = "https://github.com/albumscan/albumscan"
    public var visionModel = "gpt-4o"
    public var searchModel = "gpt-4o-search-preview"
    public var reviewModel = "gpt-4o"
    /// `detail` of the image part sent to the vision model: auto, low or high.
    public var imageDetail = "high"
    public var imageLimits = ImageLimits()
    /// Per-request deadline for model calls, in seconds.
    public var modelTimeout: TimeInterval = 90
    /// Per-request deadline for MusicBrainz and the Cover Art Archive, in seconds.
    public var metadataTimeout: TimeInterval = 20
    /// Whole-scan deadline in seconds, from the first model call to the saved scan.
    public var scanDeadline: TimeInterval = 180
    /// Largest artwork download accepted, in bytes.
    public var maxArtworkBytes = 10 << 20
    /// Treat artwork that does not match the photo as a failed identification (`--require-verified`).
    public var requireVerified = false
    /// ID Call 0: re-match photos against albums already in the store (`--no-local` turns it off).
    public var localMatch = true
    /// A folder whose prompt files replace the embedded ones.
    public var promptsDirectory: URL?
    /// The model service (see `ProviderKind`); `select(_:)` also sets its default models.
    public var provider = ProviderKind.openai
    public var anthropic = AnthropicSettings()
    public var gemini = GeminiSettings()
    public var local = LocalServerSettings()
    /// Refuse blurred, badly exposed or tiny photos before any model call (`--no-quality-check` turns it off).
    public var qualityCheck = true

    public init() {}

    /// Strings scrubbed from recordings and logs: every provider's API key and any password in a service URL.
    public var secrets: [String] {
        let roots = [openAIBaseURL, musicBrainzURL, coverArtURL, anthropic.baseURL, gemini.baseURL]
        let keys = [openAIKey, anthropic.key, gemini.key].compactMap { $0 }
        return (keys + roots.compactMap(URLRedaction.password)).filter { $0.count >= 4 }
    }

    /// The User-Agent MusicBrainz asks every client to send.
    public var userAgent: String { "albumscan/\(AlbumScanVersion.current) ( \(contact) )" }
}

/// The version string shown by `--version` and sent in the User-Agent.
public enum AlbumScanVersion {
    public static let current = "0.1.0"
}
