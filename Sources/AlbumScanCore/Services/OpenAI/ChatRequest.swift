import Foundation

/// The body of a Chat Completions request, limited to the fields albumscan sends.
struct ChatRequest: Encodable {
    var model: String
    var messages: [Message]
    var responseFormat: ResponseFormat?
    var maxCompletionTokens: Int?
    /// The older limit, sent instead of `max_completion_tokens` to servers that ignore the newer one (Ollama).
    var maxTokens: Int? = nil
    var temperature: Double?
    /// Sent only to search models; `{}` asks for the default search context.
    var webSearchOptions: WebSearchOptions?

    enum CodingKeys: String, CodingKey {
        case model, messages, temperature
        case responseFormat = "response_format"
        case maxCompletionTokens = "max_completion_tokens"
        case maxTokens = "max_tokens"
        case webSearchOptions = "web_search_options"
    }

    struct Message: Encodable {
        var role: String
        var content: [Part]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(role, forKey: .role)
            // A lone text part goes out as a plain string, the form every compatible server accepts.
            if content.count == 1, case .text(let text) = content[0] {
                try container.encode(text, forKey: .content)
            } else {
                try container.encode(content, forKey: .content)
            }
        }

        enum CodingKeys: String, CodingKey { case role, content }
    }

    enum Part: Encodable {
        case text(String)
        case imageURL(String, detail: String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .imageURL(let url, let detail):
                try container.encode("image_url", forKey: .type)
                try container.encode(["url": url, "detail": detail], forKey: .imageURL)
            }
        }

        enum CodingKeys: String, CodingKey {
            case type, text
            case imageURL = "image_url"
        }
    }

    struct ResponseFormat: Encodable {
        var type = "json_schema"
        var jsonSchema: JSONSchemaSpec

        enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }
    }

    struct JSONSchemaSpec: Encodable {
        var name: String
        var strict = true
        var schema: JSONValue
    }

    struct WebSearchOptions: Encodable {
        var searchContextSize: String?

        enum CodingKeys: String, CodingKey { case searchContextSize = "search_context_size" }
    }
}
