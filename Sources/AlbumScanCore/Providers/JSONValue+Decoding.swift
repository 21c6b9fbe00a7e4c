import Foundation

extension JSONValue: Decodable {
    /// Any JSON value, kept as it came (Anthropic's `pause_turn` continuation sends the assistant content back).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The member `key`, when this is an object holding it.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The elements, when this is an array.
    var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }
}

/// A JSON encoder with sorted keys and unescaped slashes: request bodies (and so recordings) are stable.
enum StableJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
