import Foundation

/// What one Messages response answered, reduced to what albumscan uses.
struct AnthropicReply: Sendable {
    /// Every content block as it came, for a `pause_turn` continuation.
    var content: [JSONValue]
    /// All text blocks joined.
    var text: String
    var stopReason: String?
    var citations: [Review.Source]
    /// `web_search_tool_result_error` codes (the HTTP status is still 200 for those).
    var searchErrors: [String]
    var inputTokens: Int
    var outputTokens: Int
    var webSearches: Int

    /// Decodes a `message` envelope; nil when the body is not one.
    static func decode(_ body: Data) -> AnthropicReply? {
        // try?: a body that is not a message envelope is nil, which the caller throws as unreadable
        guard let message = try? JSONDecoder().decode(Envelope.self, from: body), message.type == "message" else { return nil }
        var texts: [String] = []
        var citations: [Review.Source] = []
        var errors: [String] = []
        for block in message.content {
            switch block["type"]?.stringValue {
            case "text":
                texts.append(block["text"]?.stringValue ?? "")
                for citation in block["citations"]?.arrayValue ?? [] {
                    guard citation["type"]?.stringValue == "web_search_result_location", let url = citation["url"]?.stringValue
                    else { continue }
                    citations.append(Review.Source(title: citation["title"]?.stringValue ?? url, url: url))
                }
            case "web_search_tool_result":
                if let code = block["content"]?["error_code"]?.stringValue { errors.append(code) }
            default:
                continue
            }
        }
        let usage = message.usage
        let input = (usage?.inputTokens ?? 0) + (usage?.cacheCreationInputTokens ?? 0) + (usage?.cacheReadInputTokens ?? 0)
        return AnthropicReply(
            content: message.content, text: texts.joined(), stopReason: message.stopReason, citations: citations,
            searchErrors: errors, inputTokens: input, outputTokens: usage?.outputTokens ?? 0,
            webSearches: usage?.serverToolUse?.webSearchRequests ?? 0)
    }

    private struct Envelope: Decodable {
        var type: String?
        var content: [JSONValue]
        var stopReason: String?
        var usage: Usage?

        enum CodingKeys: String, CodingKey {
            case type, content, usage
            case stopReason = "stop_reason"
        }
    }

    private struct Usage: Decodable {
        var inputTokens: Int?
        var outputTokens: Int?
        var cacheCreationInputTokens: Int?
        var cacheReadInputTokens: Int?
        var serverToolUse: ServerToolUse?

        enum CodingKeys: String, CodingKey {
            case inputTokens = "input_tokens"
            case outputTokens = "output_tokens"
            case cacheCreationInputTokens = "cache_creation_input_tokens"
            case cacheReadInputTokens = "cache_read_input_tokens"
            case serverToolUse = "server_tool_use"
        }
    }

    private struct ServerToolUse: Decodable {
        var webSearchRequests: Int?

        enum CodingKeys: String, CodingKey { case webSearchRequests = "web_search_requests" }
    }
}

/// The `{"type": "error", "error": {"type", "message"}}` body Anthropic sends with error statuses.
struct AnthropicErrorBody: Decodable {
    var type: String?
    var message: String?

    static func decode(_ body: Data) -> AnthropicErrorBody? {
        struct Wrapper: Decodable { var error: AnthropicErrorBody }
        // try?: an error body that is not Anthropic's form is nil: the status alone is reported
        return (try? JSONDecoder().decode(Wrapper.self, from: body))?.error
    }
}
