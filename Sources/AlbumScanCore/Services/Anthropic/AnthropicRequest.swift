import Foundation

/// The body of a Messages request, limited to the fields albumscan sends (`POST /v1/messages`).
struct AnthropicRequest: Encodable {
    var model: String
    var maxTokens: Int
    var system: String?
    var messages: [Message]
    var temperature: Double?
    var tools: [WebSearchTool]?
    /// Strict JSON output; never sent with `tools` (structured output cannot be combined with citations).
    var outputConfig: OutputConfig?

    enum CodingKeys: String, CodingKey {
        case model, system, messages, temperature, tools
        case maxTokens = "max_tokens"
        case outputConfig = "output_config"
    }

    struct Message: Encodable {
        var role: String
        var content: [Block]
    }

    /// A content block: text, a base64 image, or an assistant block sent back as it came.
    enum Block: Encodable {
        case text(String)
        case image(mediaType: String, base64: String)
        case raw(JSONValue)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .image(let mediaType, let base64):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("image", forKey: .type)
                try container.encode(["type": "base64", "media_type": mediaType, "data": base64], forKey: .source)
            case .raw(let value):
                try value.encode(to: encoder)
            }
        }

        enum CodingKeys: String, CodingKey { case type, text, source }
    }

    /// The server web search tool (`web_search_20250305` and later).
    struct WebSearchTool: Encodable {
        var type: String
        var name = "web_search"
        var maxUses: Int

        enum CodingKeys: String, CodingKey {
            case type, name
            case maxUses = "max_uses"
        }
    }

    /// `{"format": {"type": "json_schema", "schema": …}}`.
    struct OutputConfig: Encodable {
        var format: Format

        struct Format: Encodable {
            var type = "json_schema"
            var schema: JSONValue
        }

        init(schema: JSONValue) { format = Format(schema: schema) }
    }
}
