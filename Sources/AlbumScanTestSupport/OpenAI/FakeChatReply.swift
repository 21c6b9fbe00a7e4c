import Foundation

/// A `url_citation` annotation on a fake chat reply; indexes are into the content, end exclusive.
package struct FakeCitation: Sendable, Equatable {
    /// The cited page's title.
    package var title: String
    /// The cited URL (real ones end in `?utm_source=openai`).
    package var url: String
    /// The first cited character.
    package var start: Int
    /// One past the last cited character.
    package var end: Int

    /// Creates a citation.
    package init(title: String, url: String, start: Int, end: Int) {
        self.title = title
        self.url = url
        self.start = start
        self.end = end
    }
}

/// What `FakeOpenAI` answers a chat call with.
package enum FakeChatReply: Sendable {
    /// A 200 whose `message.content` is `text` (a JSON string for JSON modes).
    case content(String, annotations: [FakeCitation] = [], finishReason: String = "stop")
    /// A 200 with `content: null` and this `refusal`.
    case refusal(String)
    /// A 200 cut short: `finish_reason: "length"` with this partial content.
    case truncated(String)
    /// An OpenAI-style error envelope with this status and extra headers.
    case error(status: Int, type: String, code: String?, message: String, headers: [String: String] = [:])
    /// Exactly this response.
    case raw(FakeResponse)

    /// A 200 whose content is `object` serialised as JSON text (sorted keys).
    package static func json(_ object: Any) -> FakeChatReply {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return .error(status: 500, type: "fake_error", code: nil, message: "FakeChatReply.json: not JSON: \(object)")
        }
        return .content(String(decoding: data, as: UTF8.self))
    }

    /// A 429 `rate_limit_exceeded` with `Retry-After: seconds`, modelled on the 429 sample.
    package static func rateLimited(retryAfter seconds: Int, model: String = "gpt-4o") -> FakeChatReply {
        .error(
            status: 429, type: "tokens", code: "rate_limit_exceeded",
            message: "Rate limit reached for \(model) in organization org-fakealbumscan on tokens per min (TPM): "
                + "Limit 30000, Used 30000, Requested 1538. Please try again in \(seconds)s. "
                + "Visit https://platform.openai.com/account/rate-limits to learn more.",
            headers: [
                "Retry-After": String(seconds), "x-ratelimit-limit-tokens": "30000",
                "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "\(seconds)s",
            ])
    }

    /// A 429 `insufficient_quota` with no Retry-After: retrying will not help.
    package static let insufficientQuota = FakeChatReply.error(
        status: 429, type: "insufficient_quota", code: "insufficient_quota",
        message: "You exceeded your current quota, please check your plan and billing details. For more "
            + "information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.")

    /// A 500 `server_error`.
    package static let serverError = FakeChatReply.error(
        status: 500, type: "server_error", code: nil,
        message: "The server had an error while processing your request. Sorry about that!")

    /// A 503 `server_error` (overloaded engine).
    package static let overloaded = FakeChatReply.error(
        status: 503, type: "server_error", code: nil,
        message: "The engine is currently overloaded, please try again later.")
}
