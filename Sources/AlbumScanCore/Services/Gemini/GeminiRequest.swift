import Foundation

/// The body of a `generateContent` request, limited to the fields albumscan sends.
struct GeminiRequest: Encodable {
    var systemInstruction: Content?
    var contents: [Content]
    /// `[{"google_search": {}}]` for grounded calls; never sent with `responseSchema` (Gemini 2.x rejects the pair).
    var tools: [Tool]?
    var generationConfig: GenerationConfig?

    enum CodingKeys: String, CodingKey {
        case contents, tools
        case systemInstruction = "system_instruction"
        case generationConfig
    }

    struct Content: Encodable {
        var role: String?
        var parts: [Part]
    }

    /// `{"text": …}` or `{"inline_data": {"mime_type": …, "data": BASE64}}`.
    enum Part: Encodable {
        case text(String)
        case inlineData(mimeType: String, base64: String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text): try container.encode(text, forKey: .text)
            case .inlineData(let mimeType, let base64):
                try container.encode(["mime_type": mimeType, "data": base64], forKey: .inlineData)
            }
        }

        enum CodingKeys: String, CodingKey {
            case text
            case inlineData = "inline_data"
        }
    }

    struct Tool: Encodable {
        var googleSearch = [String: String]()

        enum CodingKeys: String, CodingKey { case googleSearch = "google_search" }
    }

    struct GenerationConfig: Encodable {
        var temperature: Double?
        var maxOutputTokens: Int?
        var responseMimeType: String?
        /// The OpenAPI-subset schema (see `GeminiSchema`).
        var responseSchema: JSONValue?
        var thinkingConfig: ThinkingConfig?
    }

    struct ThinkingConfig: Encodable {
        var thinkingBudget: Int
    }
}

/// Converts albumscan's strict JSON schemas to the OpenAPI subset `responseSchema` takes: upper-case types,
/// `nullable` instead of a union with null, no `additionalProperties`, and `propertyOrdering` to keep keys in order.
enum GeminiSchema {
    static func convert(_ schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        if case .array(let options)? = members["anyOf"] {
            let kept = options.filter { $0["type"]?.stringValue != "null" }
            guard kept.count == 1, case .object(var single) = convert(kept[0]) else { return schema }
            single["nullable"] = .bool(true)
            return .object(single)
        }
        members["additionalProperties"] = nil
        if let type = members["type"]?.stringValue { members["type"] = .string(type.uppercased()) }
        if case .object(let properties)? = members["properties"] {
            members["properties"] = .object(properties.mapValues(convert))
            members["propertyOrdering"] = .array(properties.keys.sorted().map(JSONValue.string))
        }
        if let items = members["items"] { members["items"] = convert(items) }
        return .object(members)
    }
}
