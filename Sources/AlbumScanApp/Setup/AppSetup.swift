import AlbumScanCore
import Foundation

/// The `AppEnvironment` a command scans with, built from the config file and the process environment, and the
/// price table the config file may extend.
package struct AppSetup {
    package var environment: AppEnvironment
    package let prices: PriceTable

    package var settings: Settings { environment.settings }

    /// Reads the config file and the environment (which wins), makes sure the state folder exists (unless the
    /// command only reads), and builds the environment with HTTP in `transportMode`. A `storeOnly` command
    /// (`history`, `show`, `delete`) reads only where the state folder is: it uses no other setting, so a bad one
    /// (a timeout, a service root, the config file itself) is left for the commands that use it to report.
    package static func load(
        verbose: Bool, transportMode: TransportMode, provider: ProviderKind?, processEnvironment: [String: String],
        console: CommandConsole, now: @escaping @Sendable () -> Date, readOnly: Bool = false, storeOnly: Bool = false
    ) throws -> AppSetup {
        if storeOnly {
            let settings = Settings()
            let live = try AppEnvironment.live(
                settings: settings, home: try stateFolder(processEnvironment, create: !readOnly),
                transportMode: transportMode, log: logger(verbose: verbose, settings: settings, console: console, now: now),
                console: console.lines)
            return AppSetup(environment: live, prices: .defaults)
        }
        let config = try ConfigFile.load(processEnvironment)
        let environment = config.values.merging(processEnvironment) { $1 }
        func origin(_ variable: String) -> String { config.origin(of: variable, environment: processEnvironment) }
        func serviceURL(_ value: String, _ name: String) throws -> URL {
            try AppSetup.serviceURL(value, name, console: console)
        }
        var settings = Settings()
        // The provider first: it sets the default models that ALBUMSCAN_*_MODEL then override.
        settings.select(try provider ?? providerSetting(environment["ALBUMSCAN_PROVIDER"], origin("ALBUMSCAN_PROVIDER")))
        try loadProviderSettings(&settings, environment, origin, serviceURL)
        settings.openAIKey = environment["OPENAI_API_KEY"]
        if let value = environment["OPENAI_BASE_URL"] {
            settings.openAIBaseURL = try serviceURL(value, origin("OPENAI_BASE_URL"))
        } else if settings.provider == .openAICompatible {
            settings.openAIBaseURL = LocalServerSettings.defaultBaseURL
        }
        if let value = environment["ALBUMSCAN_MUSICBRAINZ_URL"] {
            settings.musicBrainzURL = try serviceURL(value, origin("ALBUMSCAN_MUSICBRAINZ_URL"))
        }
        try loadCatalogueSettings(&settings, environment, origin, serviceURL, console: console)
        if let value = environment["ALBUMSCAN_COVERART_URL"] {
            settings.coverArtURL = try serviceURL(value, origin("ALBUMSCAN_COVERART_URL"))
        }
        if let value = environment["ALBUMSCAN_CONTACT"], !value.isEmpty { settings.contact = value }
        if let value = environment["ALBUMSCAN_VISION_MODEL"], !value.isEmpty { settings.visionModel = value }
        if let value = environment["ALBUMSCAN_SEARCH_MODEL"], !value.isEmpty { settings.searchModel = value }
        if let value = environment["ALBUMSCAN_REVIEW_MODEL"], !value.isEmpty { settings.reviewModel = value }
        if let value = environment["ALBUMSCAN_MAX_PIXELS"] {
            settings.imageLimits.maxPixels = try SettingValue.pixels(value, from: origin("ALBUMSCAN_MAX_PIXELS"))
        }
        if let value = environment["ALBUMSCAN_IMAGE_DETAIL"], !value.isEmpty {
            guard ["auto", "low", "high"].contains(value) else {
                throw AlbumScanError.configuration("ALBUMSCAN_IMAGE_DETAIL must be auto, low or high, not \(value)")
            }
            settings.imageDetail = value
        }
        if let value = environment["ALBUMSCAN_SCAN_TIMEOUT"] {
            settings.scanDeadline = try SettingValue.seconds(value, from: origin("ALBUMSCAN_SCAN_TIMEOUT"))
        }
        if let value = environment["ALBUMSCAN_HTTP_TIMEOUT"] {
            let seconds = try SettingValue.seconds(value, from: origin("ALBUMSCAN_HTTP_TIMEOUT"))
            settings.modelTimeout = seconds
            settings.metadataTimeout = seconds
        }
        if let value = environment["ALBUMSCAN_QUALITY_CHECK"], !value.isEmpty {
            settings.qualityCheck = try SettingValue.onOff(value, from: origin("ALBUMSCAN_QUALITY_CHECK"))
        }
        if let value = environment["ALBUMSCAN_PROMPTS_DIR"], !value.isEmpty {
            settings.promptsDirectory = URL(fileURLWithPath: value)
        }
        let home = try stateFolder(environment, create: !readOnly)
        let live = try AppEnvironment.live(
            settings: settings, home: home, transportMode: transportMode, log: logger(verbose: verbose, settings: settings, console: console, now: now),
            console: console.lines)
        return AppSetup(environment: live, prices: config.prices)
    }

    /// The provider named by ALBUMSCAN_PROVIDER (or `provider` in the config file); OpenAI when unset.
    package static func providerSetting(_ value: String?, _ origin: String) throws -> ProviderKind {
        guard let value, !value.isEmpty else { return .openai }
        guard let kind = ProviderKind(name: value) else {
            throw AlbumScanError.configuration("\(origin) must be \(ProviderKind.names), not \(SafeText.clean(value))")
        }
        return kind
    }

    /// Keys and roots of Anthropic and Gemini, and the local server's image size.
    package static func loadProviderSettings(
        _ settings: inout Settings, _ environment: [String: String], _ origin: (String) -> String,
        _ serviceURL: (String, String) throws -> URL
    ) throws {
        settings.anthropic.key = environment["ANTHROPIC_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        settings.gemini.key = [environment["GEMINI_API_KEY"], environment["GOOGLE_API_KEY"]].compactMap { $0 }
            .first { !$0.isEmpty }
        if let value = environment["ANTHROPIC_BASE_URL"], !value.isEmpty {
            settings.anthropic.baseURL = try serviceURL(value, origin("ANTHROPIC_BASE_URL"))
        }
        if let value = environment["GEMINI_BASE_URL"], !value.isEmpty {
            settings.gemini.baseURL = try serviceURL(value, origin("GEMINI_BASE_URL"))
        }
        if let value = environment["ALBUMSCAN_LOCAL_IMAGE_SIZE"] {
            settings.local.imageSide = try SettingValue.imageSide(value, from: origin("ALBUMSCAN_LOCAL_IMAGE_SIZE"))
        }
    }

    /// ALBUMSCAN_HOME, else $XDG_DATA_HOME/albumscan, else ~/.local/share/albumscan; created 0700.
    package static func stateFolder(_ environment: [String: String], create: Bool = true) throws -> URL {
        let path: String
        if let home = environment["ALBUMSCAN_HOME"], !home.isEmpty {
            path = home
        } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            path = data + "/albumscan"
        } else {
            path = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/albumscan"
        }
        guard create else { return URL(fileURLWithPath: path, isDirectory: true) }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AlbumScanError.storage("cannot create the state folder \(path); set ALBUMSCAN_HOME to a writable folder")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// A service root: https, or http for loopback hosts (and with a warning elsewhere).
    package static func serviceURL(_ value: String, _ name: String, console: CommandConsole) throws -> URL {
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host
        else { throw AlbumScanError.configuration("\(name) is not an http(s) URL: \(URLRedaction.redact(value))") }
        if scheme == "http", !Redirects.isLoopback(host) {
            console.printError("warning: \(name) uses plain http to \(host); traffic is not encrypted")
        }
        return url
    }

    /// A diagnostics sink: timestamped lines on stderr under --verbose, with secrets and URL user info scrubbed.
    package static func logger(
        verbose: Bool, settings: Settings, console: CommandConsole, now: @escaping @Sendable () -> Date
    ) -> @Sendable (String) -> Void {
        guard verbose else { return { _ in } }
        let secrets = settings.secrets
        let start = now()
        return { line in
            var text = URLRedaction.redact(SafeText.clean(line))
            for secret in secrets { text = text.replacingOccurrences(of: secret, with: "REDACTED") }
            console.printErr(String(format: "[%7.3fs] ", now().timeIntervalSince(start)) + text)
        }
    }
}
