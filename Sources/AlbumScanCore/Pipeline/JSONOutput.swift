import Foundation

/// The one JSON encoder every command uses: camelCase keys, ISO 8601 dates, sorted keys for stable output.
package enum JSONOutput {
    package static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// JSONEncoder escapes C0 controls but leaves DEL and C1 (such as U+009B, a one-byte CSI) raw;
    /// they can only sit inside strings, where `\u00XX` means the same and no terminal acts on it.
    static func escapingControls(_ json: String) -> String {
        var output = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                output += String(format: "\\u%04x", scalar.value)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
