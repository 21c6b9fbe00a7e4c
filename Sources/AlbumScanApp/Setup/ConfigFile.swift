import AlbumScanCore
import Foundation
import TOMLKit

/// `config.toml`: the settings of the environment variables, by friendlier names, plus a price table.
///
/// ```toml
/// openai_base_url = "http://127.0.0.1:8080/v1"
/// vision_model = "gpt-4o"
/// [prices."gpt-4o"]
/// input = 2.5     # USD per million prompt tokens
/// output = 10.0   # USD per million completion tokens
/// ```
package struct ConfigFile {
    /// Values keyed by the environment variable they stand for, so the environment can simply win.
    package var values: [String: String] = [:]
    package var prices = PriceTable.defaults
    /// The file read, when there was one; messages about its values name it.
    package var path: String?

    /// Config keys and the environment variables they mirror.
    package static let keys: [String: String] = [
        "openai_base_url": "OPENAI_BASE_URL", "musicbrainz_url": "ALBUMSCAN_MUSICBRAINZ_URL",
        "coverart_url": "ALBUMSCAN_COVERART_URL", "contact": "ALBUMSCAN_CONTACT", "vision_model": "ALBUMSCAN_VISION_MODEL",
        "search_model": "ALBUMSCAN_SEARCH_MODEL", "review_model": "ALBUMSCAN_REVIEW_MODEL",
        "image_detail": "ALBUMSCAN_IMAGE_DETAIL",
        "max_pixels": "ALBUMSCAN_MAX_PIXELS", "scan_timeout": "ALBUMSCAN_SCAN_TIMEOUT", "http_timeout": "ALBUMSCAN_HTTP_TIMEOUT",
        "prompts_dir": "ALBUMSCAN_PROMPTS_DIR", "quality_check": "ALBUMSCAN_QUALITY_CHECK",
        "provider": "ALBUMSCAN_PROVIDER", "anthropic_base_url": "ANTHROPIC_BASE_URL", "gemini_base_url": "GEMINI_BASE_URL",
        "local_image_size": "ALBUMSCAN_LOCAL_IMAGE_SIZE", "musicbrainz_rate": "ALBUMSCAN_MUSICBRAINZ_RATE",
        "discogs_url": "ALBUMSCAN_DISCOGS_URL", "discogs_links": "ALBUMSCAN_DISCOGS_LINKS",
    ]

    /// ALBUMSCAN_CONFIG, else $XDG_CONFIG_HOME/albumscan/config.toml, else ~/.config/albumscan/config.toml.
    package static func path(_ environment: [String: String]) -> String {
        if let explicit = environment["ALBUMSCAN_CONFIG"], !explicit.isEmpty { return explicit }
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return base + "/albumscan/config.toml"
    }

    /// The file's settings; a missing default file is an empty config, a malformed one a configuration error.
    package static func load(_ environment: [String: String]) throws -> ConfigFile {
        let path = path(environment)
        guard FileManager.default.fileExists(atPath: path) else {
            // A file named on purpose that is not there is a mistake worth stopping for; the default one is optional.
            if let explicit = environment["ALBUMSCAN_CONFIG"], !explicit.isEmpty {
                throw AlbumScanError.configuration(
                    "ALBUMSCAN_CONFIG names \(path), which does not exist; create it or unset ALBUMSCAN_CONFIG")
            }
            return ConfigFile()
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AlbumScanError.configuration("cannot read the config file \(path)")
        }
        return try parse(text, path: path)
    }

    /// Parses the text of the config file at `path` (named in messages).
    package static func parse(_ text: String, path: String) throws -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch {
            throw AlbumScanError.configuration("the config file \(path) is not valid TOML: \(error)")
        }
        var config = ConfigFile(path: path)
        for key in table.keys {
            if key == "prices" { continue }
            guard let variable = keys[key] else {
                throw AlbumScanError.configuration(
                    "unknown setting \"\(key)\" in \(path); known: \(keys.keys.sorted().joined(separator: ", "))")
            }
            guard let value = table[key].flatMap(Self.scalar) else {
                throw AlbumScanError.configuration("setting \"\(key)\" in \(path) must be a string or a number")
            }
            config.values[variable] = value
        }
        for (model, entry) in table["prices"]?.table ?? TOMLTable() {
            let origin = "prices.\"\(model)\""
            let input = try SettingValue.price(entry["input"].flatMap(Self.number), from: "\(origin).input in \(path)")
            let output = try SettingValue.price(entry["output"].flatMap(Self.number), from: "\(origin).output in \(path)")
            let search = try entry["search"].flatMap(Self.number).map {
                try SettingValue.price($0, from: "\(origin).search in \(path)")
            }
            config.prices.prices[model] = PriceTable.Price(input: input, output: output, search: search ?? 0)
        }
        return config
    }

    /// Where the value of `variable` came from: the environment variable itself, or its key in this file.
    package func origin(of variable: String, environment: [String: String]) -> String {
        guard environment[variable] == nil, values[variable] != nil, let path,
            let key = Self.keys.first(where: { $0.value == variable })?.key
        else { return variable }
        return "\(key) in \(path)"
    }

    package static func scalar(_ value: TOMLValueConvertible) -> String? {
        if let text = value.string { return text }
        if let number = value.int { return String(number) }
        return value.double.map { String($0) }
    }

    package static func number(_ value: TOMLValueConvertible) -> Double? {
        value.double ?? value.int.map(Double.init)
    }
}
