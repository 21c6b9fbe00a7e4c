import Foundation

/// A Messages request as `FakeAnthropic` hands it to the responder.
// Unchecked: `body` holds only parsed JSON (strings, numbers, Bools, arrays, dictionaries), which `Any` cannot declare Sendable.
package struct AnthropicCall: @unchecked Sendable {
    package var request: FakeRequest
    package var body: [String: Any]
    package var model: String
    package var system: String
    /// Text of every user message, joined with newlines.
    package var userText: String
    /// The first image's bytes, decoded from its base64 source.
    package var image: Data?
    /// Whether the web search server tool is offered.
    package var usesWebSearch: Bool
    /// Whether `output_config.format` asks for strict JSON.
    package var structured: Bool
    /// Assistant turns sent back (a `pause_turn` continuation has one).
    package var assistantTurns: Int

    init(request: FakeRequest, body: [String: Any]) {
        self.request = request
        self.body = body
        model = body["model"] as? String ?? ""
        system = body["system"] as? String ?? ""
        let messages = body["messages"] as? [[String: Any]] ?? []
        var texts: [String] = []
        var image: Data?
        for message in messages where message["role"] as? String == "user" {
            for block in message["content"] as? [[String: Any]] ?? [] {
                if block["type"] as? String == "text" { texts.append(block["text"] as? String ?? "") }
                if block["type"] as? String == "image", image == nil,
                    let data = (block["source"] as? [String: Any])?["data"] as? String
                {
                    image = Data(base64Encoded: data)
                }
            }
        }
        userText = texts.joined(separator: "\n")
        self.image = image
        assistantTurns = messages.filter { $0["role"] as? String == "assistant" }.count
        usesWebSearch = (body["tools"] as? [[String: Any]] ?? []).contains {
            ($0["type"] as? String)?.hasPrefix("web_search_") == true
        }
        structured = (body["output_config"] as? [String: Any])?["format"] != nil
    }

    /// The fixture-story task of this call.
    package var task: FixtureStory.Task {
        FixtureStory.task(hasImage: image != nil, searches: usesWebSearch, userText: userText)
    }

    /// Image tokens as Anthropic counts them: `ceil(w/28)·ceil(h/28)`.
    package var imageTokens: Int {
        guard let image, let size = FixtureStory.jpegSize(image) else { return 0 }
        return ((size.width + 27) / 28) * ((size.height + 27) / 28)
    }
}

/// What `FakeAnthropic` answers a call with.
package enum FakeAnthropicReply: Sendable {
    /// `end_turn` with this text; with web search, the searches and cited text blocks come first.
    case answer(FixtureStory.Answer)
    /// A long server-tool turn: `pause_turn` after one search, with no text yet.
    case pauseTurn
    /// `stop_reason: refusal`.
    case refusal
    /// `stop_reason: max_tokens` with this partial text.
    case truncated(String)
    /// An error envelope.
    case error(status: Int, type: String, message: String, headers: [String: String] = [:])
    case raw(FakeResponse)

    /// 529 overloaded, as in `anthropic_error_529_overloaded.json`.
    package static let overloaded = FakeAnthropicReply.error(status: 529, type: "overloaded_error", message: "Overloaded")
    /// 500 api_error.
    package static let serverError = FakeAnthropicReply.error(status: 500, type: "api_error", message: "Internal server error")

    /// A rate-limit 429 with `retry-after`.
    package static func rateLimited(retryAfter seconds: Int) -> FakeAnthropicReply {
        .error(
            status: 429, type: "rate_limit_error",
            message: "This request would exceed the rate limit for your organization of 50 requests per minute.",
            headers: [
                "retry-after": String(seconds), "anthropic-ratelimit-requests-limit": "50",
                "anthropic-ratelimit-requests-remaining": "0", "anthropic-ratelimit-requests-reset": "2026-11-20T12:00:00Z",
            ])
    }

    /// A spend-limit 429: no `retry-after`, since waiting does not help.
    package static let spendLimit = FakeAnthropicReply.error(
        status: 429, type: "rate_limit_error",
        message: "You have reached your specified workspace API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.")
}
