/// A monthly number of paid (model) scans this keyring allows, set with `albumscan account set-limit`; when set it
/// replaces the tier's cap. In the keyring file a number, or the string "unlimited".
package enum ScanLimit: Equatable, Sendable, Codable {
    case scans(Int)
    case unlimited

    /// The command-line and keyring spelling of no limit.
    package static let unlimitedName = "unlimited"

    /// A number of scans (0 or more) or `unlimited`; nil for anything else.
    package init?(text: String) {
        if text == Self.unlimitedName {
            self = .unlimited
        } else if let count = Int(text), count >= 0 {
            self = .scans(count)
        } else {
            return nil
        }
    }

    /// The number of scans, nil when unlimited.
    package var count: Int? {
        if case .scans(let count) = self { count } else { nil }
    }

    /// The keyring's spelling: the number, or "unlimited".
    package var text: String { count.map(String.init) ?? Self.unlimitedName }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // try?: a limit that is not a number is read as "unlimited" below, which throws if it is not
        if let count = try? container.decode(Int.self) {
            self = .scans(count)
        } else if try container.decode(String.self) == Self.unlimitedName {
            self = .unlimited
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a scan limit")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .scans(let count): try container.encode(count)
        case .unlimited: try container.encode(Self.unlimitedName)
        }
    }
}
