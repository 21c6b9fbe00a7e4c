/// The strict JSON schema ID Call 1 asks the vision model to follow.
enum IdentifySchema {
    static let name = "album_identification"

    static let schema: JSONValue = object([
        "status": enumeration(["identified", "search_needed", "unresolved"]),
        "artist": nullable(.object(["type": .string("string")])),
        "album": nullable(.object(["type": .string("string")])),
        "year": nullable(.object(["type": .string("string")])),
        "genres": .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
        "label": nullable(.object(["type": .string("string")])),
        "catalogNumber": nullable(.object(["type": .string("string")])),
        "format": nullable(.object(["type": .string("string")])),
        "country": nullable(.object(["type": .string("string")])),
        "confidence": enumeration(["high", "medium", "low"]),
        "observation": object([
            "extractedText": .object(["type": .string("string")]),
            "textConfidence": enumeration(["high", "medium", "low"]),
            "visualDescription": .object(["type": .string("string")]),
        ]),
        "searchQuery": nullable(.object(["type": .string("string")])),
        "reason": nullable(.object(["type": .string("string")])),
    ])

    /// Strict mode wants every property required and no extras.
    static func object(_ properties: [String: JSONValue]) -> JSONValue {
        .object([
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(properties.keys.sorted().map(JSONValue.string)),
            "additionalProperties": .bool(false),
        ])
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
    }

    /// Optional values are expressed as a union with null, as strict mode requires.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        .object(["anyOf": .array([schema, .object(["type": .string("null")])])])
    }
}
