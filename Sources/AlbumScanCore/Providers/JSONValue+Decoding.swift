import Foundation

extension JSONValue: Decodable {
    /// Any JSON value, kept as it came (Anthropic's `pause_turn` continuation sends the assistant content back).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = Self.attempt(Bool.self, in: container) {
            self = .bool(value)
        } else if let value = Self.attempt(Double.self, in: container) {
            self = .number(value)
        } else if let value = Self.attempt(String.self, in: container) {
            self = .string(value)
        } else if let value = Self.attempt([JSONValue].self, in: container) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as `type`; nil when it is a value of another kind.
    private static func attempt<T: Decodable>(_ type: T.Type, in container: any SingleValueDecodingContainer) -> T? {
        // try?: each kind is tried in turn, and the last, an object, throws the decoder's error for what fits none
        try? container.decode(type)
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
